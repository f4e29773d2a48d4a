/// The check every entry point makes on the numbers it is given.
enum FiniteValues {
  /// Throws ``ClusteringError/invalidValue(operation:index:detail:)`` for the first NaN or
  /// infinity of `values`.
  static func check(_ values: [Double], operation: String) throws {
    if let index = values.firstIndex(where: { !$0.isFinite }) {
      throw ClusteringError.invalidValue(
        operation: operation, index: index, detail: "is \(values[index]), not a finite number")
    }
  }

  /// Throws for the first NaN, infinity or negative number of `distances`.
  static func checkDistances(_ distances: [Double], operation: String) throws {
    if let index = distances.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
      throw ClusteringError.invalidValue(
        operation: operation, index: index,
        detail: "is \(distances[index]), not a finite distance ≥ 0")
    }
  }
}
