import Foundation

/// Writes a ``PKDrawing`` in PencilKit's binary drawing format (see the
/// <doc:PencilKitBinaryFormat> article for the layout).
///
/// The output has the structure Apple's PencilKit writes: the version-clock fields (replica
/// table, stroke clocks, version summary) are filled as in a drawing made by one device, and the
/// 16-byte identifiers are derived from the content (FNV-1a hashed, spread by SplitMix64, marked
/// as version-4 UUIDs), so the same drawing always gives the same bytes. Inks are shared through
/// one table, in order of first use. Masks and barrel-roll thresholds have no known field and
/// are not written. Paths carry the channels of the chosen ``PencilKitBinaryLayout``.
struct PencilKitBinaryEncoder {
  private typealias Format = PencilKitBinaryFormat

  /// The replica identifier Ductus writes as the author of every stroke.
  private static let replicaIdentifier = identifier(of: Array("Ductus".utf8), salt: 0)

  /// Encodes a drawing with the channels of `layout`.
  static func data(of drawing: PKDrawing, layout: PencilKitBinaryLayout) -> Data {
    var body = ProtobufWireWriter()
    body.writeVarintField(Format.Drawing.formatFlags, 0)
    let strokeCount = UInt64(drawing.strokes.count)
    if !drawing.strokes.isEmpty {
      body.writeBytesField(Format.Drawing.replicaIdentifier, [UInt8](repeating: 0, count: 16))
      body.writeBytesField(Format.Drawing.replicaIdentifier, replicaIdentifier)
      body.writeMessageField(Format.Drawing.replicaClock) { writeClock(0, 0, 0, to: &$0) }
      body.writeMessageField(Format.Drawing.replicaClock) {
        writeClock(strokeCount, 1, strokeCount, to: &$0)
      }
    }
    var inkIndexes: [PKInk: Int] = [:]
    var strokeInkIndexes: [Int] = []
    for stroke in drawing.strokes {
      let ink = PKDrawing.quantized(stroke.ink)
      if let index = inkIndexes[ink] {
        strokeInkIndexes.append(index)
        continue
      }
      inkIndexes[ink] = inkIndexes.count
      strokeInkIndexes.append(inkIndexes.count - 1)
      body.writeMessageField(Format.Drawing.ink) { writeInk(ink, to: &$0) }
    }
    for (index, stroke) in drawing.strokes.enumerated() {
      body.writeMessageField(Format.Drawing.stroke) {
        writeStroke(
          stroke, number: UInt64(index), inkIndex: strokeInkIndexes[index], layout: layout, to: &$0)
      }
    }
    body.writeMessageField(Format.Drawing.versionSummary) {
      writeClock(0, drawing.strokes.isEmpty ? UInt64(Int64.max) : 0, 0, to: &$0)
    }
    body.writeBytesField(Format.Drawing.identifier, identifier(of: body.bytes, salt: strokeCount))

    let version: UInt16 = drawing.requiredContentVersion >= .version2 ? 2 : 1
    var data = Data(Format.magic)
    data.append(contentsOf: [UInt8(version & 0xFF), UInt8(version >> 8)])
    data.append(contentsOf: body.bytes)
    return data
  }

  private static func writeClock(
    _ first: UInt64, _ second: UInt64, _ third: UInt64, to message: inout ProtobufWireWriter
  ) {
    message.writeVarintField(1, first)
    message.writeVarintField(2, second)
    message.writeVarintField(3, third)
  }

  private static func writeInk(_ ink: PKInk, to message: inout ProtobufWireWriter) {
    let color = ink.color
    message.writeFloatsMessageField(
      Format.Ink.color, [color.red, color.green, color.blue, color.alpha].map { Float($0) })
    message.writeBytesField(Format.Ink.identifier, Array(ink.inkType.rawValue.utf8))
    message.writeVarintField(Format.Ink.version, 3)
    message.writeDoubleField(Format.Ink.unknownDouble, 0)
  }

  private static func writeStroke(
    _ stroke: PKStroke, number: UInt64, inkIndex: Int, layout: PencilKitBinaryLayout,
    to message: inout ProtobufWireWriter
  ) {
    var path = ProtobufWireWriter()
    writePath(stroke.path, number: number, layout: layout, to: &path)
    message.writeBytesField(Format.Stroke.identifier, identifier(of: path.bytes, salt: ~number))
    message.writeMessageField(Format.Stroke.clock) { writeClock(number, 1, number + 1, to: &$0) }
    message.writeMessageField(Format.Stroke.parentClock) { writeClock(0, 1, 0, to: &$0) }
    message.writeVarintField(Format.Stroke.inkIndex, UInt64(inkIndex))
    message.writeBytesField(Format.Stroke.path, path.bytes)
    let bounds = stroke.renderBounds
    message.writeFloatsMessageField(
      Format.Stroke.renderBounds,
      [bounds.origin.x, bounds.origin.y, bounds.width, bounds.height].map { Float($0) })
    if !stroke.transform.isIdentity {
      let t = stroke.transform
      message.writeFloatsMessageField(
        Format.Stroke.transform, [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Float($0) })
    }
    message.writeVarintField(
      Format.Stroke.flags,
      Format.strokeFlagsMarker | UInt64(stroke.randomSeed) << Format.randomSeedShift)
  }

  /// Writes a path with the layout's channels; a channel is per-point when its stored value
  /// differs between points, and location always is (as PencilKit writes a one-point dot).
  private static func writePath(
    _ path: PKStrokePath, number: UInt64, layout: PencilKitBinaryLayout,
    to message: inout ProtobufWireWriter
  ) {
    let records = path.map(StrokePointRecord.init)
    let layoutMask = layout.channelMask
    var perPointMask = layoutMask
    if let first = records.first {
      perPointMask = StrokePointChannel.location.mask
      for channel in StrokePointChannel.allCases
      where layoutMask & channel.mask != 0
        && records.contains(where: { !$0.hasSameValue(as: first, in: channel) })
      {
        perPointMask |= channel.mask
      }
    }
    let constantMask = layoutMask & ~perPointMask
    let constantValues = StrokePointRecord.packed(
      Array(records.prefix(1)), channels: StrokePointChannel.channels(in: constantMask))
    let pointRecords = StrokePointRecord.packed(
      records, channels: StrokePointChannel.channels(in: perPointMask))

    var content = ProtobufWireWriter()
    content.writeDoubleField(
      Format.Path.creationDate, path.creationDate.timeIntervalSinceReferenceDate)
    content.writeVarintField(Format.Path.pointCount, UInt64(records.count))
    content.writeVarintField(Format.Path.perPointChannels, UInt64(perPointMask))
    content.writeVarintField(Format.Path.constantChannels, UInt64(constantMask))
    content.writeBytesField(Format.Path.constantValues, constantValues)
    content.writeBytesField(Format.Path.pointRecords, pointRecords)
    message.writeBytesField(Format.Path.identifier, identifier(of: content.bytes, salt: number))
    message.append(content)
  }

  /// A version-4 UUID's 16 bytes derived from content: an FNV-1a-style hash (Fowler, Noll, Vo)
  /// taken over little-endian 64-bit words rather than bytes, seeded with a salt, spread over
  /// 128 bits by two SplitMix64 steps (Steele, Lea, Flood 2014).
  private static func identifier(of bytes: [UInt8], salt: UInt64) -> [UInt8] {
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
    bytes.withUnsafeBytes { buffer in
      let wholeWords = buffer.count / 8
      for index in 0..<wholeWords {
        let word = buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
        hash = (hash ^ UInt64(littleEndian: word)) &* prime
      }
      for byte in buffer[(wholeWords * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
    }
    var state = hash
    func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return z ^ (z >> 31)
    }
    var result: [UInt8] = []
    for word in [next(), next()] {
      withUnsafeBytes(of: word.littleEndian) { result.append(contentsOf: $0) }
    }
    result[6] = result[6] & 0x0F | 0x40
    result[8] = result[8] & 0x3F | 0x80
    return result
  }
}
