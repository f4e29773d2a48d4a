import Foundation

/// The strokes and points a PencilKit drawing declares, counted from its bytes without decoding
/// it, so that `ductus trace session` refuses a drawing over its limits before
/// `PKDrawing(data:)` allocates for it (two bytes of point records can make a point of about a
/// hundred bytes).
///
/// The walk follows the protocol-buffer fields of PencilKit's format (see OpenPencilKit's
/// "PencilKit binary format" article): drawing field 5 is a stroke, stroke field 5 its path,
/// path field 3 its point count, and a stroke without a path (deleted) is not counted, as the
/// decoder does. Bytes the walk cannot follow give no census; the decoder then says what is
/// wrong with them, and the decoded drawing is counted again.
struct PencilKitCensus: Hashable, Sendable {
  /// The strokes with a path.
  var strokes = 0
  /// Their declared points, summed (saturating at `Int.max`).
  var points = 0

  /// The four bytes a drawing starts with, `wrd\xF0`, and the container version after them.
  private static let magic: [UInt8] = [0x77, 0x72, 0x64, 0xF0]
  private static let headerByteCount = 6
  private static let strokeField: UInt64 = 5
  private static let pathField: UInt64 = 5
  private static let pointCountField: UInt64 = 3

  /// Counts a drawing's strokes and points; `nil` when the bytes are not protocol-buffer
  /// messages after PencilKit's header.
  init?(_ data: Data) {
    let counted: PencilKitCensus? = data.withUnsafeBytes { bytes in
      guard bytes.count >= Self.headerByteCount, bytes.prefix(4).elementsEqual(Self.magic) else {
        return nil
      }
      var census = PencilKitCensus(strokes: 0, points: 0)
      let walked = Self.fields(of: bytes, in: Self.headerByteCount..<bytes.count) { field, value in
        guard field == Self.strokeField, case .bytes(let stroke) = value else { return true }
        var hasPath = false
        var strokePoints = 0
        let strokeWalked = Self.fields(of: bytes, in: stroke) { field, value in
          guard field == Self.pathField, case .bytes(let path) = value else { return true }
          hasPath = true
          var count: UInt64 = 0
          let pathWalked = Self.fields(of: bytes, in: path) { field, value in
            if field == Self.pointCountField, case .varint(let number) = value { count = number }
            return true
          }
          strokePoints = count > UInt64(Int.max) ? Int.max : Int(count)
          return pathWalked
        }
        guard strokeWalked else { return false }
        if hasPath {
          census.strokes += 1
          let (sum, overflow) = census.points.addingReportingOverflow(strokePoints)
          census.points = overflow ? Int.max : sum
        }
        return true
      }
      return walked ? census : nil
    }
    guard let counted else { return nil }
    self = counted
  }

  /// Counts given as they are.
  init(strokes: Int, points: Int) {
    self.strokes = strokes
    self.points = points
  }

  /// A field's value: a varint or the range of a length-delimited field (fixed-size fields are
  /// skipped).
  private enum FieldValue {
    case varint(UInt64)
    case bytes(Range<Int>)
    case other
  }

  /// Walks the fields of a message, calling `visit` with each field's number and value until it
  /// returns `false`; `false` when the bytes are not well-formed fields.
  private static func fields(
    of bytes: UnsafeRawBufferPointer, in range: Range<Int>,
    _ visit: (UInt64, FieldValue) -> Bool
  ) -> Bool {
    var position = range.lowerBound
    while position < range.upperBound {
      guard let key = varint(bytes, &position, end: range.upperBound) else { return false }
      let value: FieldValue
      switch key & 7 {
      case 0:
        guard let number = varint(bytes, &position, end: range.upperBound) else { return false }
        value = .varint(number)
      case 1, 5:
        let size = key & 7 == 1 ? 8 : 4
        guard range.upperBound - position >= size else { return false }
        position += size
        value = .other
      case 2:
        guard let length = varint(bytes, &position, end: range.upperBound),
          length <= UInt64(range.upperBound - position)
        else { return false }
        value = .bytes(position..<position + Int(length))
        position += Int(length)
      default:
        return false
      }
      guard visit(key >> 3, value) else { return false }
    }
    return true
  }

  /// Reads a varint of at most ten bytes before `end`.
  private static func varint(_ bytes: UnsafeRawBufferPointer, _ position: inout Int, end: Int)
    -> UInt64?
  {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while position < end, shift < 64 {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
    }
    return nil
  }
}
