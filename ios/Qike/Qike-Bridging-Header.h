// The uniffi C header, so Swift glue (QikeCore.swift) can call the core.
#import "QikeCoreFFI.h"
