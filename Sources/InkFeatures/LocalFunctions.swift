/// The local (per-sample) functions of a signature: one column a function, each z-normalised
/// over the signature, in the order of ``names``.
///
/// ```swift
/// let local = SignatureFeatureExtractor().localFunctions(of: samples)
/// local.names          // ["x", "y", "pressure", "theta", "velocity", "rho", …, "dx", …]
/// local["velocity"]    // z-normalised path velocity, one value a pen-down sample
/// local.row(10)        // the feature vector of sample 10, in the order of names
/// ```
///
/// See <doc:SignatureLocalFunctions> for the definitions. JSON: `{"count", "names", "columns"}`.
public struct LocalFunctions: Hashable, Sendable, Codable {
  /// The functions' names, in column order.
  public var names: [String]
  /// The functions' values, one column of ``count`` values a name.
  public var columns: [[Double]]
  /// The number of samples (rows).
  public var count: Int

  /// Functions with the given names and columns, each `count` long.
  public init(names: [String], columns: [[Double]], count: Int) {
    self.names = names
    self.columns = columns
    self.count = count
  }

  /// The column of the function with the given name, or `nil`.
  public subscript(name: String) -> [Double]? {
    names.firstIndex(of: name).map { columns[$0] }
  }

  /// The values of every function at sample `index`, in the order of ``names``.
  public func row(_ index: Int) -> [Double] {
    columns.map { $0[index] }
  }
}
