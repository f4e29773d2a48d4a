/// One glyph of a Hershey font in `.jhf` form: its number, its side bearings and its pen
/// strokes as integer coordinates (y down, the glyph's reference point at 0,0).
public struct HersheyGlyph: Hashable, Sendable {
  /// The glyph's number in the Hershey repertoire as the file gives it (the `.jhf` files of
  /// Debian's `hershey-fonts-data` often write the placeholder 12345).
  public var number: Int
  /// The left side bearing (usually negative).
  public var leftMargin: Int
  /// The right side bearing.
  public var rightMargin: Int
  /// The strokes in drawing order, each a polyline of vertices in the order drawn.
  public var strokes: [[SIMD2<Int>]]

  /// Creates a glyph.
  public init(number: Int, leftMargin: Int, rightMargin: Int, strokes: [[SIMD2<Int>]]) {
    self.number = number
    self.leftMargin = leftMargin
    self.rightMargin = rightMargin
    self.strokes = strokes
  }

  /// Parses one glyph record, whose text may span several lines joined without their line
  /// breaks: a 5-column glyph number, a 3-column vertex count (the margin pair included), then
  /// the pairs, each character's code minus that of `R`, with ` R` lifting the pen. Errors are
  /// `InkFormatError`s without a file; the reader adds it.
  public init<Bytes: Collection<UInt8>>(jhfRecord record: Bytes) throws {
    let bytes = Array(record)
    guard bytes.count >= 8 else {
      throw InkFormatError(.truncated, "a glyph record has at least 8 columns")
    }
    func integer(_ range: Range<Int>) -> Int? {
      Int(String(decoding: bytes[range].filter { $0 != UInt8(ascii: " ") }, as: UTF8.self))
    }
    guard let number = integer(0..<5) else {
      throw InkFormatError(.malformed, "columns 1–5 must be the glyph number")
    }
    guard let pairs = integer(5..<8), pairs >= 1 else {
      throw InkFormatError(.malformed, "columns 6–8 must be a vertex count of at least 1")
    }
    guard bytes.count == 8 + 2 * pairs else {
      throw InkFormatError(
        bytes.count < 8 + 2 * pairs ? .truncated : .malformed,
        "\(pairs) vertices need \(8 + 2 * pairs) columns, found \(bytes.count)")
    }
    if let bad = bytes[8...].first(where: { !(0x20...0x7E).contains($0) }) {
      throw InkFormatError(.malformed, "coordinate byte \(bad) is not printable ASCII")
    }
    let values = bytes[8...].map { Int($0) - Int(UInt8(ascii: "R")) }
    var strokes: [[SIMD2<Int>]] = []
    var current: [SIMD2<Int>] = []
    for pair in 1..<pairs {
      if bytes[8 + 2 * pair] == UInt8(ascii: " "), bytes[9 + 2 * pair] == UInt8(ascii: "R") {
        if !current.isEmpty { strokes.append(current) }
        current = []
      } else {
        current.append(SIMD2(values[2 * pair], values[2 * pair + 1]))
      }
    }
    if !current.isEmpty { strokes.append(current) }
    self.init(number: number, leftMargin: values[0], rightMargin: values[1], strokes: strokes)
  }
}
