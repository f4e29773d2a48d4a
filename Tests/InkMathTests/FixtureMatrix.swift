import InkMath

/// A matrix as `Scripts/reference/inkmath.py` writes it: `{"rows", "columns", "data"}`.
struct FixtureMatrix: Decodable {
  let rows: Int
  let columns: Int
  let data: [Double]

  /// The InkMath matrix with the same elements.
  var matrix: Matrix { get throws { try Matrix(rows: rows, columns: columns, elements: data) } }
}
