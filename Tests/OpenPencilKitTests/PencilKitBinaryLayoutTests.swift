import DuctusTestSupport
import Foundation
import Testing

@testable import OpenPencilKit

/// The nine-, ten- and eleven-channel layouts: every split of each decodes, absent channels take
/// their defaults, and the writer's older layouts read back.
@Suite("PencilKit binary layouts")
struct PencilKitBinaryLayoutTests {
  typealias Writer = ProtobufWireWriter

  /// Two points that differ in every channel.
  static let points: [PKStrokePoint] = [
    PKStrokePoint(
      location: CGPoint(x: 10.5, y: -3.25), timeOffset: 0, size: CGSize(width: 4, height: 6),
      opacity: 0.5, force: 0.25, azimuth: 1, altitude: 0.5, secondaryScale: 2),
    PKStrokePoint(
      location: CGPoint(x: 20.75, y: 7.5), timeOffset: 0.125, size: CGSize(width: 8, height: 4),
      opacity: 1.5, force: 2, azimuth: -2, altitude: 1.25, secondaryScale: 0.5),
  ]

  /// A drawing of one stroke a split: the points' records packed by hand with the split's
  /// per-point channels, the constant channels taken from the first point (and every point
  /// given them, so that the split does not change the values).
  static func drawing(layout: PencilKitBinaryLayout, splits: [Int]) -> (Data, [[PKStrokePoint]]) {
    var expected: [[PKStrokePoint]] = []
    var body = Writer()
    body.writeMessageField(4) { ink in
      ink.writeFloatsMessageField(1, [0, 0, 0, 1])
      ink.writeBytesField(2, Array("com.apple.ink.pen".utf8))
    }
    for perPoint in splits {
      let constantMask = layout.channelMask & ~perPoint
      let count = perPoint == 0 ? 1 : 2
      var records = Self.points.prefix(count).map(StrokePointRecord.init)
      for channel in StrokePointChannel.channels(in: constantMask) {
        let first = StrokePointRecord.packed([records[0]], channels: [channel])
        first.withUnsafeBytes { buffer in
          for index in records.indices {
            var position = 0
            records[index].read(channel, from: buffer, at: &position)
          }
        }
      }
      expected.append(
        records.map { record in
          var copy = record
          copy.hasSecondaryWidth = layout.hasSecondaryWidth
          return copy.point
        })
      body.writeMessageField(5) { stroke in
        stroke.writeMessageField(5) { path in
          path.writeVarintField(3, UInt64(count))
          path.writeVarintField(4, UInt64(perPoint))
          path.writeVarintField(5, UInt64(constantMask))
          path.writeBytesField(
            6,
            StrokePointRecord.packed(
              [records[0]], channels: StrokePointChannel.channels(in: constantMask)))
          path.writeBytesField(
            7,
            StrokePointRecord.packed(records, channels: StrokePointChannel.channels(in: perPoint)))
        }
      }
    }
    return (Data([0x77, 0x72, 0x64, 0xF0, 1, 0] + body.bytes), expected)
  }

  /// The per-point and constant masks of every path in a drawing.
  static func masks(in data: Data) throws -> [(perPoint: UInt64, constant: UInt64)] {
    try data.withUnsafeBytes { buffer in
      var result: [(perPoint: UInt64, constant: UInt64)] = []
      var drawing = ProtobufWireReader(bytes: buffer, range: 6..<buffer.count)
      while let field = try drawing.nextField() {
        guard field.number == 5 else {
          try drawing.skipValue(of: field)
          continue
        }
        var stroke = try drawing.readMessage()
        while let strokeField = try stroke.nextField() {
          guard strokeField.number == 5 else {
            try stroke.skipValue(of: strokeField)
            continue
          }
          var path = try stroke.readMessage()
          var masks: (perPoint: UInt64, constant: UInt64) = (0, 0)
          while let pathField = try path.nextField() {
            switch pathField.number {
            case 4: masks.perPoint = try path.readVarint()
            case 5: masks.constant = try path.readVarint()
            default: try path.skipValue(of: pathField)
            }
          }
          result.append(masks)
        }
      }
      return result
    }
  }

  @Test("the layouts' channel sets, and the sets no PencilKit writes")
  func channelSets() {
    #expect(PencilKitBinaryLayout.allCases.map(\.channelMask) == [0x7FF, 0x3FF, 0x1FF])
    #expect(PencilKitBinaryLayout.allCases.map(\.channelCount) == [11, 10, 9])
    for layout in PencilKitBinaryLayout.allCases {
      #expect(PencilKitBinaryLayout(channelMask: layout.channelMask) == layout)
    }
    for mask in [0, 0xFF, 0x5FF, 0x7FE, 0xFFF] {
      #expect(PencilKitBinaryLayout(channelMask: mask) == nil)
    }
    #expect(StrokePointChannel.allChannelsMask == PencilKitBinaryLayout.current.channelMask)
  }

  @Test(
    "every split of a layout's channels decodes to the same points",
    arguments: PencilKitBinaryLayout.allCases)
  func everySplit(layout: PencilKitBinaryLayout) throws {
    let splits = Array(0...layout.channelMask)
    let (data, expected) = Self.drawing(layout: layout, splits: splits)
    let drawing = try PKDrawing(data: data)
    #expect(drawing.strokes.count == splits.count)
    for (index, stroke) in drawing.strokes.enumerated() {
      #expect(Array(stroke.path) == expected[index], "split 0x\(String(splits[index], radix: 16))")
    }
    // The values really come from the records: the first two points differ everywhere.
    let all = Array(drawing.strokes[layout.channelMask].path)
    #expect(all.count == 2 && all[0].location != all[1].location && all[0].force != all[1].force)
  }

  @Test("absent channels take their defaults: a nine-channel secondary scale is 1")
  func absentChannels() throws {
    for layout in PencilKitBinaryLayout.allCases {
      let (data, _) = Self.drawing(layout: layout, splits: [layout.channelMask])
      let points = Array(try PKDrawing(data: data).strokes[0].path)
      let scales = points.map(\.secondaryScale)
      #expect(scales == (layout == .nineChannel ? [1, 1] : [2, 0.5]), "\(layout)")
      #expect(points.map(\.size.width) == [4, 8])
      #expect(points.map(\.force) == [0.25, 2])
    }
  }

  @Test(
    "the writer writes each layout's channels and reads back quantized for it",
    arguments: PencilKitBinaryLayout.allCases)
  func writerLayouts(layout: PencilKitBinaryLayout) throws {
    var rng = SplitMix64(seed: 31)
    let drawing = RandomDrawings.drawing(strokes: 12, points: 0...30, using: &rng)
    let data = drawing.dataRepresentation(layout: layout)
    for masks in try Self.masks(in: data) {
      #expect(masks.perPoint & masks.constant == 0)
      #expect(masks.perPoint | masks.constant == UInt64(layout.channelMask))
    }
    let again = try PKDrawing(data: data)
    #expect(again == drawing.quantized(for: layout))
    #expect(again.dataRepresentation(layout: layout) == data)
    #expect(drawing.quantized(for: layout).quantized(for: layout) == drawing.quantized(for: layout))
    if layout == .current {
      #expect(data == drawing.dataRepresentation())
      #expect(drawing.quantized(for: layout) == drawing.quantized())
    }
  }

  @Test("older layouts write only their channels and keep everything else")
  func olderLayoutsDropOnlyTheirChannels() throws {
    let stroke = PKStroke(
      ink: PKInk(.fountainPen, color: .blue),
      path: PKStrokePath(
        controlPoints: Self.points, creationDate: Date(timeIntervalSinceReferenceDate: 5e8)))
    let drawing = PKDrawing(strokes: [stroke])
    let current = drawing.dataRepresentation()
    let ten = drawing.dataRepresentation(layout: .tenChannel)
    let nine = drawing.dataRepresentation(layout: .nineChannel)
    // Every channel varies between the two points but channels 4 and 10, always 0 and so
    // constant.
    #expect(try Self.masks(in: current).map { [$0.perPoint, $0.constant] } == [[0x3EF, 0x410]])
    #expect(try Self.masks(in: ten).map { [$0.perPoint, $0.constant] } == [[0x3EF, 0x10]])
    #expect(try Self.masks(in: nine).map { [$0.perPoint, $0.constant] } == [[0x1EF, 0x10]])
    #expect(ten.count < current.count && nine.count < ten.count)
    let decoded = try [current, ten, nine].map { try PKDrawing(data: $0) }
    #expect(decoded[0] == decoded[1])
    #expect(decoded[2].strokes[0].path.map(\.secondaryScale) == [1, 1])
    #expect(
      decoded[2].strokes[0].path.map(\.location) == decoded[0].strokes[0].path.map(\.location))
    #expect(decoded[2].strokes[0].ink == decoded[0].strokes[0].ink)
    #expect(decoded[2].strokes[0].renderBounds == decoded[0].strokes[0].renderBounds)
  }

  @Test("a channel above bit 10 is sized by the stride or the block, else refused")
  func futureChannels() throws {
    func path(perPoint: UInt64, constant: UInt64, constants: Int, records: Int, count: UInt64)
      -> Data
    {
      var body = Writer()
      body.writeMessageField(4) { ink in ink.writeBytesField(2, Array("com.apple.ink.pen".utf8)) }
      body.writeMessageField(5) { stroke in
        stroke.writeMessageField(5) { path in
          path.writeVarintField(3, count)
          path.writeVarintField(4, perPoint)
          path.writeVarintField(5, constant)
          path.writeBytesField(6, [UInt8](repeating: 0, count: constants))
          path.writeBytesField(7, [UInt8](repeating: 0, count: records))
        }
      }
      return Data([0x77, 0x72, 0x64, 0xF0, 1, 0] + body.bytes)
    }
    // Location alone per-point (8 bytes) plus bit 63 of 5 bytes; the constant block holds the
    // other ten channels (26 bytes) plus bit 62 of 3 bytes.
    let known = 0x7FE
    let fine = path(
      perPoint: 1 | 1 << 63, constant: UInt64(known) | 1 << 62, constants: 26 + 3,
      records: 3 * (8 + 5), count: 3)
    #expect(try PKDrawing(data: fine).strokes[0].path.count == 3)
    for (records, count) in [(3 * 8, 3), (3 * 13 + 1, 3), (13, 2)] {
      do {
        _ = try PKDrawing(
          data: path(
            perPoint: 1 | 1 << 63, constant: UInt64(known), constants: 26, records: records,
            count: UInt64(count)))
        Issue.record("\(records) bytes for \(count) points decoded")
      } catch {
        #expect(error.kind == .unsupportedVersion)
        #expect(error.message.contains("0x8000000000000000"), "\(error)")
      }
    }
  }
}
