import DuctusTestSupport
import Foundation
import Testing

@testable import OpenPencilKit

/// Hand-made malformed data: each error has the right kind and names the right byte.
@Suite("PencilKit binary errors")
struct PencilKitBinaryErrorTests {
  typealias Writer = ProtobufWireWriter

  /// The magic, container version 1 and a body.
  static func blob(version: UInt8 = 1, _ body: [UInt8]) -> Data {
    Data([0x77, 0x72, 0x64, 0xF0, version, 0] + body)
  }

  static func blob(_ build: (inout Writer) -> Void) -> Data {
    var writer = Writer()
    build(&writer)
    return blob(writer.bytes)
  }

  static func expectError(
    _ data: Data, _ kind: PencilKitBinaryError.Kind, at offset: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try PKDrawing(data: data)
      Issue.record("decoded without an error", sourceLocation: sourceLocation)
    } catch {
      #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
      #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
  }

  /// The offset of the first occurrence of a byte pattern.
  static func offset(of pattern: [UInt8], in data: Data) -> Int {
    let bytes = [UInt8](data)
    return (0...(bytes.count - pattern.count)).first {
      bytes[$0..<($0 + pattern.count)].elementsEqual(pattern)
    } ?? -1
  }

  static func writeInk(_ ink: inout Writer) {
    ink.writeFloatsMessageField(1, [0, 0, 0, 1])
    ink.writeBytesField(2, Array("com.apple.ink.pen".utf8))
  }

  /// A one-point path whose location alone is per-point, as PencilKit writes a dot.
  static func writeDot(_ path: inout Writer, count: UInt64 = 1, records: [UInt8]? = nil) {
    let constants = StrokePointRecord.packed(
      [StrokePointRecord()], channels: StrokePointChannel.channels(in: 0x7FE))
    path.writeVarintField(3, count)
    path.writeVarintField(4, 1)
    path.writeVarintField(5, 0x7FE)
    path.writeBytesField(6, constants)
    path.writeBytesField(7, records ?? [UInt8](repeating: 0, count: 8))
  }

  @Test("data without the magic")
  func notPencilKit() {
    Self.expectError(Data(), .notPencilKitData, at: 0)
    Self.expectError(Data("wrd".utf8), .notPencilKitData, at: 0)
    Self.expectError(Data("bplist00".utf8), .notPencilKitData, at: 0)
  }

  @Test("a truncated header and unsupported container versions")
  func header() {
    Self.expectError(Data([0x77, 0x72, 0x64, 0xF0, 1]), .truncated, at: 5)
    Self.expectError(Self.blob(version: 0, []), .unsupportedVersion, at: 4)
    Self.expectError(Self.blob(version: 3, []), .unsupportedVersion, at: 4)
  }

  @Test("wire-level damage: truncated varints and lengths, overflow, bad tags")
  func wire() {
    Self.expectError(Self.blob([0x08]), .truncated, at: 7)
    Self.expectError(Self.blob([0x08, 0x80]), .truncated, at: 7)
    Self.expectError(
      Self.blob([0x08] + [UInt8](repeating: 0xFF, count: 9) + [0x02]), .malformed, at: 7)
    Self.expectError(Self.blob([0x22, 0x05, 0x00]), .truncated, at: 7)
    Self.expectError(
      Self.blob([0x22] + [UInt8](repeating: 0xFF, count: 9) + [0x01]), .truncated, at: 7)
    Self.expectError(Self.blob([0x08, 0x00, 0x0B]), .malformed, at: 8)  // wire type 3 (group)
    Self.expectError(Self.blob([0x00]), .malformed, at: 6)  // field number 0
    Self.expectError(Self.blob([0x0D, 0x00, 0x00]), .truncated, at: 7)  // fixed32 cut short
  }

  @Test("a 10-byte varint holding 2⁶⁴ − 1 is read, one more bit overflows")
  func varintLimits() throws {
    let max = [UInt8](repeating: 0xFF, count: 9) + [0x01]
    _ = try PKDrawing(data: Self.blob([0x08] + max))
    Self.expectError(
      Self.blob([0x08] + [UInt8](repeating: 0xFF, count: 10) + [0x01]), .malformed, at: 7)
  }

  @Test("an ink index past the ink table names the index field")
  func inkIndex() {
    var expectedOffset = 0
    let data = Self.blob { drawing in
      drawing.writeMessageField(4, Self.writeInk)
      var stroke = Writer()
      stroke.writeBytesField(1, [UInt8](repeating: 7, count: 16))
      let indexOffset = stroke.bytes.count
      stroke.writeVarintField(4, 1)
      stroke.writeMessageField(5) { Self.writeDot(&$0) }
      // magic + version, the ink field, the stroke's tag and one-byte length
      expectedOffset = 6 + drawing.bytes.count + 2 + indexOffset
      drawing.writeBytesField(5, stroke.bytes)
    }
    Self.expectError(data, .invalidValue, at: expectedOffset)
  }

  @Test("channel masks that overlap, leave out a channel or name channels of unknown size")
  func masks() {
    func path(perPoint: UInt64, constant: UInt64) -> Data {
      Self.blob { drawing in
        drawing.writeMessageField(4, Self.writeInk)
        drawing.writeMessageField(5) { stroke in
          stroke.writeMessageField(5) { path in
            path.writeVarintField(3, 1)
            path.writeVarintField(4, perPoint)
            path.writeVarintField(5, constant)
          }
        }
      }
    }
    // The layout's errors name the constant mask's field; an unknown channel's, its own mask's.
    for (perPoint, constant, kind, inPerPointField) in [
      (1, 0x7FC, PencilKitBinaryError.Kind.malformed, false), (3, 0x7FE, .malformed, false),
      (1, 0x5FE, .unsupportedVersion, false), (1, 0x1FC, .malformed, false),
      (0x801, 0x7FE, .unsupportedVersion, true),
    ] {
      let data = path(perPoint: UInt64(perPoint), constant: UInt64(constant))
      let constantField: [UInt8] = [0x28, UInt8(constant & 0x7F) | 0x80, UInt8(constant >> 7)]
      let perPointField: [UInt8] = [0x20, UInt8(perPoint & 0x7F) | 0x80, UInt8(perPoint >> 7)]
      let field = inPerPointField ? perPointField : constantField
      Self.expectError(data, kind, at: Self.offset(of: field, in: data))
    }
  }

  @Test("blocks whose length does not match their channels, and hostile point counts")
  func blocks() {
    func dot(count: UInt64, records: [UInt8]? = nil, constants: [UInt8]? = nil) -> Data {
      Self.blob { drawing in
        drawing.writeMessageField(4, Self.writeInk)
        drawing.writeMessageField(5) { stroke in
          stroke.writeMessageField(5) { path in
            Self.writeDot(&path, count: count, records: records)
            if let constants { path.writeBytesField(6, constants) }
          }
        }
      }
    }
    for count: UInt64 in [2, 1 << 60, .max] {
      let data = dot(count: count)
      Self.expectError(data, .malformed, at: Self.offset(of: [0x3A, 0x08], in: data) + 2)
    }
    let shortRecords = dot(count: 1, records: [1, 2, 3])
    Self.expectError(
      shortRecords, .malformed, at: Self.offset(of: [0x3A, 0x03], in: shortRecords) + 2)
    let shortConstants = dot(count: 1, constants: [1, 2])
    Self.expectError(
      shortConstants, .malformed, at: Self.offset(of: [0x32, 0x02], in: shortConstants) + 2)
  }

  @Test("thousands of points declared with no per-point channel")
  func constantOnlyPoints() {
    let constants = StrokePointRecord.packed(
      [StrokePointRecord()], channels: StrokePointChannel.allCases)
    let data = Self.blob { drawing in
      drawing.writeMessageField(4, Self.writeInk)
      drawing.writeMessageField(5) { stroke in
        stroke.writeMessageField(5) { path in
          path.writeVarintField(3, 1_000_000_000)
          path.writeVarintField(4, 0)
          path.writeVarintField(5, 0x7FF)
          path.writeBytesField(6, constants)
        }
      }
    }
    var countField = Writer()
    countField.writeVarintField(3, 1_000_000_000)
    Self.expectError(data, .malformed, at: Self.offset(of: countField.bytes, in: data))
  }

  @Test("a known field with the wrong wire type")
  func wrongWireType() {
    let data = Self.blob { drawing in
      drawing.writeMessageField(4, Self.writeInk)
      drawing.writeMessageField(5) { stroke in stroke.writeBytesField(4, [1]) }
    }
    Self.expectError(data, .malformed, at: 6 + 43 + 2)
    Self.expectError(Self.blob([0x20, 0x01]), .malformed, at: 6)  // the ink table as a varint
  }

  @Test("an ink without an identifier, and one that is not UTF-8")
  func inkIdentifier() {
    Self.expectError(
      Self.blob { $0.writeMessageField(4) { $0.writeFloatsMessageField(1, [0, 0, 0, 1]) } },
      .malformed, at: 6)
    Self.expectError(
      Self.blob { $0.writeMessageField(4) { $0.writeBytesField(2, [0x63, 0xFF, 0xFE]) } },
      .malformed, at: 10)
  }

  @Test("deleted strokes are skipped and unknown fields ignored at every level")
  func lenientReading() throws {
    func unknowns(_ writer: inout Writer) {
      writer.writeVarintField(90, 12345)
      writer.writeDoubleField(91, 2.5)
      writer.writeFloatField(92, 1.5)
      writer.writeBytesField(93, [1, 2, 3])
    }
    let data = Self.blob { drawing in
      unknowns(&drawing)
      drawing.writeMessageField(4) { ink in
        Self.writeInk(&ink)
        unknowns(&ink)
        ink.writeMessageField(1) { color in
          color.writeFloatField(1, 1)
          unknowns(&color)
        }
      }
      drawing.writeMessageField(5) { deleted in deleted.writeVarintField(4, 7) }
      drawing.writeMessageField(5) { stroke in
        unknowns(&stroke)
        stroke.writeMessageField(5) { path in
          unknowns(&path)
          Self.writeDot(&path, records: [0, 0, 0x80, 0x3F, 0, 0, 0, 0x40])
        }
      }
    }
    let drawing = try PKDrawing(data: data)
    #expect(drawing.strokes.count == 1)
    #expect(drawing.strokes.first?.ink.color == UIColor(red: 1, green: 0, blue: 0, alpha: 0))
    #expect(drawing.strokes.first?.path.first?.location == CGPoint(x: 1, y: 2))
  }

  @Test("every prefix of a drawing either decodes or throws an error inside the data")
  func prefixes() throws {
    var rng = SplitMix64(seed: 11)
    let data = RandomDrawings.drawing(strokes: 3, points: 1...6, using: &rng).dataRepresentation()
    let whole = try PKDrawing(data: data)
    var decoded = 0
    for length in 0..<data.count {
      do {
        let drawing = try PKDrawing(data: data.prefix(length))
        #expect(drawing.strokes == Array(whole.strokes.prefix(drawing.strokes.count)))
        decoded += 1
      } catch {
        #expect((0...length).contains(error.offset))
      }
    }
    #expect(decoded < data.count / 10)
  }
}
