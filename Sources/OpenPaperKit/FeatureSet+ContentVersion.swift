extension FeatureSet {
  /// The PaperKit version whose features a set describes.
  public enum ContentVersion: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// PaperKit 1 (iOS 26).
    case version1 = 1

    /// Orders versions by number.
    public static func < (lhs: ContentVersion, rhs: ContentVersion) -> Bool {
      lhs.rawValue < rhs.rawValue
    }
  }
}
