import Foundation

/// Reads PencilKit's binary drawing format into a ``PKDrawing`` (see the
/// <doc:PencilKitBinaryFormat> article for the layout).
///
/// Every read is checked against the end of its field, declared counts are checked against the
/// bytes that hold them before anything is allocated, and unknown fields are skipped without
/// recursion, so hostile bytes end in a ``PencilKitBinaryError`` naming the offset rather than a
/// crash, a hang or a large allocation. Memory is bounded by a small multiple of the input size.
struct PencilKitBinaryDecoder {
  private typealias Format = PencilKitBinaryFormat
  private typealias Reader = ProtobufWireReader

  /// A stroke read before its ink index is resolved against the ink table.
  private struct PendingStroke {
    var inkIndex: UInt64 = 0
    var inkIndexOffset: Int
    var path: PKStrokePath
    var renderBounds: CGRect?
    var transform = CGAffineTransform.identity
    var randomSeed: UInt32 = 0
  }

  /// The most strokes and points the decoder accepts.
  struct Limits {
    /// Strokes a drawing.
    var strokes = Int.max
    /// Points a path.
    var strokePoints = Int.max
    /// Points a drawing, over its paths.
    var drawingPoints = Int.max
  }

  private let bytes: UnsafeRawBufferPointer
  private let limits: Limits

  /// Decodes a drawing within `limits`.
  static func drawing(from data: Data, limits: Limits = Limits()) throws(PencilKitBinaryError)
    -> PKDrawing
  {
    let result = data.withUnsafeBytes { buffer in
      Result { () throws(PencilKitBinaryError) in
        try PencilKitBinaryDecoder(bytes: buffer, limits: limits).drawing()
      }
    }
    return try result.get()
  }

  private func drawing() throws(PencilKitBinaryError) -> PKDrawing {
    try readHeader()
    var reader = Reader(bytes: bytes, range: Format.headerByteCount..<bytes.count)
    var inks: [PKInk] = []
    var pending: [PendingStroke] = []
    var points = 0
    while let field = try reader.nextField() {
      switch field.number {
      case Format.Drawing.ink:
        try reader.expect(.lengthDelimited, for: field, in: "drawing")
        var message = try reader.readMessage()
        inks.append(try ink(from: &message, at: field.offset))
      case Format.Drawing.stroke:
        try reader.expect(.lengthDelimited, for: field, in: "drawing")
        var message = try reader.readMessage()
        if let stroke = try pendingStroke(
          from: &message, at: field.offset, pointsBefore: points, strokesBefore: pending.count)
        {
          points += stroke.path.count
          pending.append(stroke)
        }
      default:
        try reader.skipValue(of: field)
      }
    }
    var strokes: [PKStroke] = []
    strokes.reserveCapacity(pending.count)
    for stroke in pending {
      guard stroke.inkIndex < UInt64(inks.count) else {
        throw PencilKitBinaryError(
          .invalidValue,
          "the stroke's ink index \(stroke.inkIndex) is past the ink table of \(inks.count)",
          offset: stroke.inkIndexOffset)
      }
      strokes.append(
        PKStroke(
          ink: inks[Int(stroke.inkIndex)], path: stroke.path, transform: stroke.transform,
          mask: nil,
          randomSeed: stroke.randomSeed, renderBounds: stroke.renderBounds))
    }
    return PKDrawing(strokes: strokes)
  }

  private func readHeader() throws(PencilKitBinaryError) {
    let magicCount = Format.magic.count
    guard bytes.count >= magicCount, bytes.prefix(magicCount).elementsEqual(Format.magic) else {
      throw PencilKitBinaryError(
        .notPencilKitData, "the data does not start with the wrd\\xF0 magic", offset: 0)
    }
    guard bytes.count >= Format.headerByteCount else {
      throw PencilKitBinaryError(
        .truncated, "the data ends inside the container version", offset: bytes.count)
    }
    let version = UInt16(bytes[magicCount]) | UInt16(bytes[magicCount + 1]) << 8
    guard Format.containerVersions.contains(version) else {
      throw PencilKitBinaryError(
        .unsupportedVersion, "container version \(version) is not 1 or 2", offset: magicCount)
    }
  }

  private func ink(from reader: inout Reader, at offset: Int) throws(PencilKitBinaryError) -> PKInk
  {
    var color = UIColor.black
    var identifier: String?
    while let field = try reader.nextField() {
      switch field.number {
      case Format.Ink.color:
        try reader.expect(.lengthDelimited, for: field, in: "ink")
        var message = try reader.readMessage()
        let rgba = try floats(4, from: &message)
        color = UIColor(
          red: CGFloat(rgba[0]), green: CGFloat(rgba[1]), blue: CGFloat(rgba[2]),
          alpha: CGFloat(rgba[3]))
      case Format.Ink.identifier:
        try reader.expect(.lengthDelimited, for: field, in: "ink")
        let range = try reader.readLengthDelimited()
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
          throw PencilKitBinaryError(
            .malformed, "the ink identifier is not UTF-8", offset: range.lowerBound)
        }
        identifier = text
      default:
        try reader.skipValue(of: field)
      }
    }
    guard let identifier else {
      throw PencilKitBinaryError(.malformed, "the ink has no identifier", offset: offset)
    }
    return PKInk(PKInk.InkType(rawValue: identifier), color: color)
  }

  /// A stroke, or `nil` for a deleted one (a stroke without a path), after `strokesBefore`
  /// strokes of `pointsBefore` points in all.
  private func pendingStroke(
    from reader: inout Reader, at offset: Int, pointsBefore: Int, strokesBefore: Int
  ) throws(PencilKitBinaryError) -> PendingStroke? {
    var stroke = PendingStroke(inkIndexOffset: offset, path: PKStrokePath())
    var hasPath = false
    while let field = try reader.nextField() {
      switch field.number {
      case Format.Stroke.inkIndex:
        try reader.expect(.varint, for: field, in: "stroke")
        stroke.inkIndexOffset = field.offset
        stroke.inkIndex = try reader.readVarint()
      case Format.Stroke.path:
        try reader.expect(.lengthDelimited, for: field, in: "stroke")
        guard strokesBefore < limits.strokes else {
          throw PencilKitBinaryError(
            .invalidValue,
            "the drawing has more than \(limits.strokes) strokes, the limit of strokes a drawing",
            offset: field.offset)
        }
        var message = try reader.readMessage()
        stroke.path = try path(from: &message, at: field.offset, pointsBefore: pointsBefore)
        hasPath = true
      case Format.Stroke.renderBounds:
        try reader.expect(.lengthDelimited, for: field, in: "stroke")
        var message = try reader.readMessage()
        let rect = try floats(4, from: &message)
        let bounds = CGRect(
          x: CGFloat(rect[0]), y: CGFloat(rect[1]), width: CGFloat(rect[2]),
          height: CGFloat(rect[3]))
        stroke.renderBounds = rect.allSatisfy(\.isFinite) ? bounds : nil
      case Format.Stroke.transform:
        try reader.expect(.lengthDelimited, for: field, in: "stroke")
        var message = try reader.readMessage()
        let m = try floats(6, from: &message).map { CGFloat($0) }
        stroke.transform = CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
      case Format.Stroke.flags:
        try reader.expect(.varint, for: field, in: "stroke")
        let flags = try reader.readVarint()
        stroke.randomSeed = UInt32(truncatingIfNeeded: flags >> Format.randomSeedShift)
      default:
        try reader.skipValue(of: field)
      }
    }
    return hasPath ? stroke : nil
  }

  /// The float32 fields numbered `1…count` of a message (0 for a missing one).
  private func floats(_ count: Int, from reader: inout Reader) throws(PencilKitBinaryError)
    -> [Float]
  {
    var values = [Float](repeating: 0, count: count)
    while let field = try reader.nextField() {
      if (1...count).contains(field.number) {
        try reader.expect(.fixed32, for: field, in: "float")
        values[field.number - 1] = Float(bitPattern: try reader.readFixed32())
      } else {
        try reader.skipValue(of: field)
      }
    }
    return values
  }

  private func path(from reader: inout Reader, at offset: Int, pointsBefore: Int)
    throws(PencilKitBinaryError) -> PKStrokePath
  {
    var creationDate: Double = 0
    var count: UInt64 = 0
    var countOffset = offset
    var perPointMask: UInt64 = 0
    var constantMask: UInt64 = 0
    var perPointMaskOffset = offset
    var constantMaskOffset = offset
    var constantValues = offset..<offset
    var pointRecords = offset..<offset
    while let field = try reader.nextField() {
      switch field.number {
      case Format.Path.creationDate:
        try reader.expect(.fixed64, for: field, in: "path")
        creationDate = Double(bitPattern: try reader.readFixed64())
      case Format.Path.pointCount:
        try reader.expect(.varint, for: field, in: "path")
        countOffset = field.offset
        count = try reader.readVarint()
      case Format.Path.perPointChannels:
        try reader.expect(.varint, for: field, in: "path")
        perPointMaskOffset = field.offset
        perPointMask = try reader.readVarint()
      case Format.Path.constantChannels:
        try reader.expect(.varint, for: field, in: "path")
        constantMaskOffset = field.offset
        constantMask = try reader.readVarint()
      case Format.Path.constantValues:
        try reader.expect(.lengthDelimited, for: field, in: "path")
        constantValues = try reader.readLengthDelimited()
      case Format.Path.pointRecords:
        try reader.expect(.lengthDelimited, for: field, in: "path")
        pointRecords = try reader.readLengthDelimited()
      default:
        try reader.skipValue(of: field)
      }
    }
    let date = Date(timeIntervalSinceReferenceDate: creationDate)
    guard count > 0 else { return PKStrokePath(controlPoints: [], creationDate: date) }

    let layout = try Self.layout(
      perPoint: perPointMask, constant: constantMask, at: constantMaskOffset)
    let known = UInt64(StrokePointChannel.allChannelsMask)
    let perPoint = StrokePointChannel.channels(in: Int(perPointMask & known))
    let constant = StrokePointChannel.channels(in: Int(constantMask & known))
    let knownStride = StrokePointChannel.byteCount(of: Int(perPointMask & known))
    let knownConstantByteCount = StrokePointChannel.byteCount(of: Int(constantMask & known))
    // Channels above bit 10 come after the known ones, in records and block alike.
    let futureStride = try Self.futureChannelsByteCount(
      perPointMask & ~known, in: "per-point", blockBytes: pointRecords.count, count: count,
      knownBytes: knownStride, at: perPointMaskOffset)
    let futureConstantByteCount = try Self.futureChannelsByteCount(
      constantMask & ~known, in: "constant", blockBytes: constantValues.count, count: 1,
      knownBytes: knownConstantByteCount, at: constantMaskOffset)
    let stride = knownStride + futureStride
    let constantByteCount = knownConstantByteCount + futureConstantByteCount
    guard constantValues.count == constantByteCount else {
      throw PencilKitBinaryError(
        .malformed,
        "the constant block has \(constantValues.count) bytes, its channels take "
          + "\(constantByteCount)", offset: constantValues.lowerBound)
    }
    guard stride > 0 || count == 1 else {
      throw PencilKitBinaryError(
        .malformed, "\(count) points declared but no channel varies between them",
        offset: countOffset)
    }
    // A stride of 0 leaves one point (above), whose empty record needs no bytes.
    guard stride == 0 || count <= UInt64(pointRecords.count),
      Int(count) * stride == pointRecords.count
    else {
      throw PencilKitBinaryError(
        .malformed,
        "the point records take \(pointRecords.count) bytes, \(count) points of \(stride) bytes "
          + "need \(count.multipliedReportingOverflow(by: UInt64(stride)).partialValue)",
        offset: pointRecords.lowerBound)
    }

    guard count <= UInt64(limits.strokePoints) else {
      throw PencilKitBinaryError(
        .invalidValue,
        "the path has \(count) points, more than \(limits.strokePoints), the limit of points a "
          + "stroke", offset: countOffset)
    }
    guard Int(count) <= limits.drawingPoints - pointsBefore else {
      throw PencilKitBinaryError(
        .invalidValue,
        "the drawing has more than \(limits.drawingPoints) points, the limit of points a drawing",
        offset: countOffset)
    }
    var base = StrokePointRecord()
    base.hasSecondaryWidth = layout.hasSecondaryWidth
    var position = constantValues.lowerBound
    for channel in constant { base.read(channel, from: bytes, at: &position) }
    var points: [PKStrokePoint] = []
    points.reserveCapacity(Int(count))
    position = pointRecords.lowerBound
    for _ in 0..<Int(count) {
      var record = base
      for channel in perPoint { record.read(channel, from: bytes, at: &position) }
      position &+= futureStride  // within the records: count × stride was checked
      points.append(record.point)
    }
    return PKStrokePath(controlPoints: points, creationDate: date)
  }

  /// The layout whose channels the masks split between them, below bit 11: the masks must not
  /// overlap, must hold the nine channels every PencilKit version writes and must add to them
  /// the secondary width, or the secondary width and channel 10, or nothing.
  private static func layout(perPoint: UInt64, constant: UInt64, at offset: Int)
    throws(PencilKitBinaryError) -> PencilKitBinaryLayout
  {
    // The messages are built only when thrown: this runs once a path.
    func hex(_ mask: UInt64) -> String { "0x" + String(mask, radix: 16) }
    func masks() -> String { "the channel masks \(hex(perPoint)) and \(hex(constant))" }
    guard perPoint & constant == 0 else {
      throw PencilKitBinaryError(
        .malformed, "\(masks()) share \(hex(perPoint & constant))", offset: offset)
    }
    let union = perPoint | constant
    let required = UInt64(PencilKitBinaryLayout.nineChannel.channelMask)
    guard union & required == required else {
      throw PencilKitBinaryError(
        .malformed,
        "\(masks()) leave out \(hex(required & ~union)) of the nine channels every PencilKit "
          + "version writes", offset: offset)
    }
    let known = union & UInt64(StrokePointChannel.allChannelsMask)
    guard let layout = PencilKitBinaryLayout(channelMask: Int(known)) else {
      throw PencilKitBinaryError(
        .unsupportedVersion,
        "\(masks()) cover \(hex(known)) below bit 11, not the nine, ten or eleven channels of a "
          + "known PencilKit version", offset: offset)
    }
    return layout
  }

  /// The bytes that the channels above bit 10 of a mask take in each of `count` records of a
  /// block: what the block leaves after the known channels, when one such channel is there to
  /// take it and it is at least a byte. Anything else is refused rather than guessed.
  private static func futureChannelsByteCount(
    _ unknown: UInt64, in mask: String, blockBytes: Int, count: UInt64, knownBytes: Int,
    at offset: Int
  ) throws(PencilKitBinaryError) -> Int {
    guard unknown != 0 else { return 0 }
    let channels = "the \(mask) mask names channels 0x\(String(unknown, radix: 16)) that this "
    guard unknown.nonzeroBitCount == 1 else {
      throw PencilKitBinaryError(
        .unsupportedVersion,
        channels + "implementation does not know, and with \(unknown.nonzeroBitCount) of them "
          + "the bytes cannot tell each one's size", offset: offset)
    }
    let total = UInt64(blockBytes)
    let bytesEach = total % count == 0 ? Int(total / count) - knownBytes : 0
    guard bytesEach > 0 else {
      throw PencilKitBinaryError(
        .unsupportedVersion,
        channels + "implementation does not know, and \(blockBytes) bytes for \(count) "
          + "records of \(knownBytes) known bytes leave no whole size for it", offset: offset)
    }
    return bytesEach
  }
}
