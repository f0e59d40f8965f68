//! Progress that is never lost: the sled store, records, classes and reports (issue 5).
