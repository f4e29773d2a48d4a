import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An `XMLParserDelegate` that collects one record of an XML format and keeps the first
/// problem it meets, with the line it is on.
protocol XMLRecordDelegate: XMLParserDelegate {
  /// The first problem found in the content, if any.
  var problem: (kind: InkFormatError.Kind, message: String, line: Int)? { get }
}

extension XMLRecordDelegate {
  /// Parses XML bytes into this delegate; throws the delegate's problem or the parser's error,
  /// located in the file `name` at the parser's line.
  ///
  /// Foundation on Linux reports some fatal errors (an unclosed tag, a truncated document)
  /// through `parserError` while `parse()` still returns `true`, so both are checked; libxml2's
  /// namespace errors (codes 200–299, such as a `kvg:` prefix that no `xmlns:kvg` declares) do
  /// not stop parsing and are not counted.
  ///
  /// The document type declaration is cut out first: Foundation's `XMLParser` on Linux crashes
  /// on attributes that a DTD declares with defaults (KanjiVG's `xmlns:kvg CDATA #FIXED`), and no
  /// format read here needs the DTD. Its line breaks are kept, so line numbers stay right.
  func parse(_ data: Data, name: String) throws {
    let parser = XMLParser(data: Self.withoutDocumentType(data))
    parser.delegate = self
    let parsed = parser.parse()
    if let problem {
      throw InkFormatError(
        problem.kind, problem.message, file: name, record: "line \(problem.line)")
    }
    let code = (parser.parserError as NSError?)?.code
    if !parsed || code.map({ !(200..<300).contains($0) }) == true {
      throw InkFormatError(
        .malformed, "not well-formed XML" + (code.map { " (XMLParser error \($0))" } ?? ""),
        file: name, record: "line \(parser.lineNumber)")
    }
  }

  /// The bytes with their `<!DOCTYPE …>` declaration (internal subset included) replaced by its
  /// line breaks.
  static func withoutDocumentType(_ data: Data) -> Data {
    let opening = Data("<!DOCTYPE".utf8)
    guard let found = data.range(of: opening) else { return data }
    let bytes = [UInt8](data)
    let start = found.lowerBound - data.startIndex
    var index = start + opening.count
    var inSubset = false
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "["): inSubset = true
      case UInt8(ascii: "]"): inSubset = false
      case UInt8(ascii: ">") where !inSubset:
        let lineBreaks = bytes[start...index].filter { $0 == UInt8(ascii: "\n") }
        return Data(bytes[..<start] + lineBreaks + bytes[(index + 1)...])
      default: break
      }
      index += 1
    }
    return data
  }
}
