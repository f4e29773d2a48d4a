/// The constants of PencilKit's binary drawing format: the container header and the field
/// numbers of its protocol-buffer messages.
///
/// Field numbers from inkterop's `docs/formats/pencilkit.md` (2026) and the blobs Apple's
/// PencilKit writes on macOS 26; the stroke transform's field (5.7) is taken from the format's
/// description in Ductus's issue tracker and has not been seen in an Apple blob.
enum PencilKitBinaryFormat {
  /// The four bytes every drawing starts with, `wrd\xF0`.
  static let magic: [UInt8] = [0x77, 0x72, 0x64, 0xF0]
  /// The magic and the little-endian u16 container version.
  static let headerByteCount = 6
  /// The container versions this implementation reads: 1, and 2 for content of version 2 or
  /// later (iOS 17 inks).
  static let containerVersions: ClosedRange<UInt16> = 1...2

  /// Field numbers of the top-level message.
  enum Drawing {
    /// Varint, always 0.
    static let formatFlags = 1
    /// 16 bytes, repeated: the replica (device) identifiers of the drawing's version clock.
    static let replicaIdentifier = 2
    /// Message `{1, 2, 3}` of varints, repeated beside `replicaIdentifier`.
    static let replicaClock = 3
    /// Message, repeated: the ink table.
    static let ink = 4
    /// Message, repeated: the strokes, back to front.
    static let stroke = 5
    /// Message `{1, 2, 3}` of varints: the drawing's version summary.
    static let versionSummary = 7
    /// 16 bytes: the drawing's identifier.
    static let identifier = 8
  }

  /// Field numbers of an ink-table entry.
  enum Ink {
    /// Message of four float32 fields: red, green, blue, alpha.
    static let color = 1
    /// String: the ink type's identifier (`com.apple.ink.pen` …).
    static let identifier = 2
    /// Varint, 3 in every blob seen (the ink's version, perhaps).
    static let version = 3
    /// Double, 0 in every blob seen.
    static let unknownDouble = 8
  }

  /// Field numbers of a stroke.
  enum Stroke {
    /// 16 bytes: the stroke's identifier.
    static let identifier = 1
    /// Message `{1, 2, 3}` of varints: the stroke's place in the version clock.
    static let clock = 2
    /// Message `{1, 2, 3}` of varints, `{0, 1, 0}` in every blob seen.
    static let parentClock = 3
    /// Varint: the index of the stroke's ink in the ink table.
    static let inkIndex = 4
    /// Message: the path; a stroke without one has been deleted.
    static let path = 5
    /// Message of four float32 fields: the render bounds' x, y, width and height.
    static let renderBounds = 6
    /// Message of six float32 fields: the transform's a, b, c, d, tx and ty (absent when
    /// identity).
    static let transform = 7
    /// Varint bit field; bits 5…36 hold the random seed, bit 37 is set in every blob seen.
    static let flags = 8
  }

  /// Field numbers of a stroke path.
  enum Path {
    /// 16 bytes: the path's identifier.
    static let identifier = 1
    /// Double: the creation date in seconds since 2001-01-01 00:00 UTC.
    static let creationDate = 2
    /// Varint: the number of points.
    static let pointCount = 3
    /// Varint: the mask of the channels stored once a point.
    static let perPointChannels = 4
    /// Varint: the mask of the channels stored once for the whole path.
    static let constantChannels = 5
    /// Bytes: the constant channels' values.
    static let constantValues = 6
    /// Bytes: the point records.
    static let pointRecords = 7
  }

  /// The bit of the stroke flags where the random seed starts.
  static let randomSeedShift = 5
  /// The stroke flags bit set in every blob seen.
  static let strokeFlagsMarker: UInt64 = 1 << 37
}
