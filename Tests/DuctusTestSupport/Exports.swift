// The seeded generator the tests draw from is the library's own (`SplitMix64` in the support
// floor), so that test data and synthesis share one stream definition.
@_exported import _DuctusSupport
