extension FeatureSet {
  /// Which arrow-marker configurations of a line are allowed, as PaperKit's option set.
  public struct LineMarkerPositions: OptionSet, Hashable, Sendable {
    /// The raw bitmask.
    public let rawValue: Int

    /// Creates a set of marker positions from its bitmask.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Neither end of a line has a marker.
    public static let plain = LineMarkerPositions(rawValue: 1)
    /// Either the start or the end of a line has a marker.
    public static let single = LineMarkerPositions(rawValue: 2)
    /// Both ends of a line have a marker.
    public static let double = LineMarkerPositions(rawValue: 4)
    /// Every configuration.
    public static let all: LineMarkerPositions = [.plain, .single, .double]

    /// The configuration of a line with these markers.
    static func of(startMarker: Bool, endMarker: Bool) -> LineMarkerPositions {
      switch (startMarker, endMarker) {
      case (false, false): .plain
      case (true, true): .double
      default: .single
      }
    }
  }
}
