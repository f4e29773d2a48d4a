import Foundation

extension PaperMarkup {
  /// Reads a paper from the bytes ``dataRepresentation()`` wrote: Ductus JSON, version 1.
  ///
  /// Apple's own bytes for a PaperKit model are not public, so this reads Ductus's documented
  /// JSON (<doc:PaperMarkupJSON>), not what PaperKit writes on an iPad. The reader is safe on
  /// hostile input: malformed JSON, wrong types, out-of-range or non-finite numbers, and sizes
  /// over ``PaperMarkupLimits`` are refused with one error naming the place.
  ///
  /// ```swift
  /// let markup = try PaperMarkup(dataRepresentation: Data(contentsOf: url))
  /// ```
  ///
  /// - Throws: ``PaperMarkupDataError``.
  public init(dataRepresentation data: Data) throws {
    guard data.count <= PaperMarkupLimits.maximumDataBytes else {
      throw PaperMarkupDataError(
        path: "",
        message: "\(data.count) bytes, more than the \(PaperMarkupLimits.maximumDataBytes) allowed")
    }
    do {
      self = try JSONDecoder().decode(PaperMarkup.self, from: data)
    } catch let error as DecodingError {
      throw PaperMarkupDataError(error)
    } catch {
      throw PaperMarkupDataError(path: "", message: "not JSON: \(error)")
    }
  }

  /// The paper as Ductus JSON (keys sorted, so the same paper gives the same bytes).
  ///
  /// Asynchronous and throwing, as PaperKit's. Ink is stored as PencilKit's binary format,
  /// whose point attributes are quantized, so a drawing reads back as its `quantized()`.
  ///
  /// - Throws: ``PaperMarkupDataError`` naming a value that the reader would refuse (a number
  ///   that is not finite or beyond a 32-bit float, a colour component outside `0…1`).
  public func dataRepresentation() async throws -> Data { try jsonData() }

  /// ``dataRepresentation()`` without `async`, for callers that are not asynchronous.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(self) + Data("\n".utf8)
    } catch let error as EncodingError {
      throw PaperMarkupDataError(error)
    }
  }
}
