pub use qike;
