import Foundation

/// Swift glue over the uniffi bindings (module QikeCore, compiled into this target).
enum CoreInfo {
    static var version: String { coreVersion() }
}
