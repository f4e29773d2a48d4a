/// How much a UNIPEN file may pull in through `.INCLUDE`, counted over the whole include tree of
/// one file (every included file each time it is included, however deep): a file that includes
/// others many times over (a few kilobytes can name 10⁸ inclusions) ends with an error naming
/// the file instead of running until killed.
public struct UnipenIncludeLimits: Equatable, Sendable {
  /// The most files the tree may include (10,000 by default; the UNIPEN CD-ROM's segment
  /// files include two each).
  public var maximumFiles: Int
  /// The most bytes the included files may hold together (1 GiB by default).
  public var maximumBytes: Int
  /// How deep includes may nest (16 by default).
  public var maximumDepth: Int

  /// The defaults: 10,000 files, 1 GiB, 16 levels.
  public static let standard = UnipenIncludeLimits()

  /// Creates limits; the defaults are those of ``standard``.
  public init(maximumFiles: Int = 10_000, maximumBytes: Int = 1 << 30, maximumDepth: Int = 16) {
    self.maximumFiles = maximumFiles
    self.maximumBytes = maximumBytes
    self.maximumDepth = maximumDepth
  }
}
