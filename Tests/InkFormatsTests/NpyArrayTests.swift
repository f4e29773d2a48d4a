import DuctusTestSupport
import Foundation
import InkFormats
import Testing

@Suite("NumPy .npy arrays")
struct NpyArrayTests {
  func fixture(_ name: String) throws -> Data {
    try Fixture.data("npy/\(name)")
  }

  @Test func writesTheSameBytesAsNumPy() throws {
    let matrix = NpyArray(shape: [2, 3], values: [0, 1.5, -2.25, 1e-300, .pi, 6.02e23])
    #expect(matrix.dataRepresentation() == (try fixture("matrix-f8.npy")))
    let vector = NpyArray(shape: [5], values: (0..<5).map { Double($0) / 3 })
    #expect(vector.dataRepresentation() == (try fixture("vector-f8.npy")))
    #expect(
      NpyArray(shape: [0, 3], values: []).dataRepresentation() == (try fixture("empty-f8.npy")))
  }

  @Test func readsNumPyFiles() throws {
    let matrix = try NpyArray(data: fixture("matrix-f8.npy"))
    #expect(matrix.shape == [2, 3])
    #expect(matrix.values == [0, 1.5, -2.25, 1e-300, .pi, 6.02e23])
    let single = try NpyArray(data: fixture("matrix-f4.npy"))
    #expect(single.values[4] == Double(Float(Double.pi)))
    #expect(try NpyArray(data: fixture("empty-f8.npy")).shape == [0, 3])
  }

  @Test func readsFortranOrderInRowMajorOrder() throws {
    let matrix = try NpyArray(data: fixture("matrix-f8-fortran.npy"))
    #expect(matrix.shape == [2, 3])
    #expect(matrix.values == [0, 1.5, -2.25, 1e-300, .pi, 6.02e23])
    let cube = try NpyArray(data: fixture("cube-f4-fortran.npy"))
    #expect(cube.shape == [2, 3, 4])
    #expect(cube.values == (0..<24).map { Double($0) / 8 })
    var bad = [UInt8](try fixture("matrix-f8-fortran.npy"))
    let word = Array("True".utf8)
    let at = try #require((0..<64).first { Array(bad[$0..<($0 + 4)]) == word })
    bad.replaceSubrange(at..<(at + 4), with: Array("Yes!".utf8))
    #expect(
      throws: InkFormatError(.malformed, "fortran_order is neither True nor False", offset: 10)
    ) {
      try NpyArray(data: Data(bad))
    }
  }

  @Test func headersAreAlignedForMemoryMapping() {
    for shape in [[1], [20000, 20000], [3, 4, 5]] {
      #expect(NpyArray.header(shape: shape).count % 64 == 0)
    }
  }

  @Test func rejectsBrokenFiles() throws {
    let good = try fixture("matrix-f8.npy")
    #expect(throws: InkFormatError.self) { try NpyArray(data: Data("hello".utf8)) }
    #expect(throws: InkFormatError.self) { try NpyArray(data: good.prefix(good.count - 3)) }
    #expect(throws: InkFormatError.self) { try NpyArray(data: good.prefix(20)) }
    var wrongType = good
    wrongType.replaceSubrange(21..<24, with: Data("<i8".utf8))
    #expect(throws: InkFormatError.self) { try NpyArray(data: wrongType) }
  }

  /// Found by `Scripts/fuzz npy` (seed 1): a shape of 2⁶³ − 1 values passed the overflow check
  /// of the product, then the truncation message multiplied it by the width and trapped.
  @Test func aShapeNearIntMaxIsTruncatedNotATrap() throws {
    let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775807,), }"
    let padded = header + String(repeating: " ", count: 117 - header.count) + "\n"
    let bytes: [UInt8] =
      [0x93] + Array("NUMPY".utf8) + [1, 0, 118, 0] + Array(padded.utf8) + [0, 0]
    #expect(throws: InkFormatError.self) { try NpyArray(data: Data(bytes)) }
    do {
      _ = try NpyArray(data: Data(bytes))
    } catch {
      #expect(error.kind == .truncated)
      #expect(
        error.message == "the data holds 2 bytes, the shape needs 9223372036854775807 values of 8")
    }
  }

  /// Found by `Scripts/fuzz npy` (seed 1): a `)` before the shape's `(` made an inverted range.
  @Test func aShapeClosedBeforeItOpensIsMalformed() throws {
    let header = "{'descr': '<f8', 'fortran_order': False, 'shape':  2, 3), }("
    let padded = header + String(repeating: " ", count: 117 - header.count) + "\n"
    let bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, 118, 0] + Array(padded.utf8)
    do {
      _ = try NpyArray(data: Data(bytes))
      Issue.record("a shape without a tuple was read")
    } catch {
      #expect(error.kind == .malformed)
      #expect(error.message == "the shape is not a tuple")
    }
  }
}
