//! The uniffi bindings generator, pinned to the workspace's uniffi version.
//! Run through `bindings/generate.sh`.

fn main() {
    uniffi::uniffi_bindgen_main()
}
