import InkMath

extension Matrix: DistanceMatrixStorage {
  /// Calls `body` with the matrix's own float64 elements, not copied.
  public func withDistanceElements<Result>(_ body: (DistanceMatrixElements) throws -> Result)
    rethrows -> Result
  {
    try elements.withUnsafeBufferPointer { elements in
      try body(DistanceMatrixElements(rows: rows, columns: columns, float64: elements))
    }
  }
}
