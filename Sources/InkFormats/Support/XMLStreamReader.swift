import CLibXML2
import Foundation

/// One XML document read node by node through libxml2's streaming reader (`xmlTextReader`):
/// the one XML reader of InkML, the $1 gesture logs, KanjiVG SVG and signature XML.
///
/// ```swift
/// let xml = try XMLStreamReader(contentsOf: url, name: "a.inkml")
/// while let node = try xml.next() {
///   if node == .start, xml.elementName == "trace" { print(xml.attribute("id") ?? "", xml.line) }
/// }
/// ```
///
/// Made for input from strangers. The bytes are pulled in blocks (``XMLStreamInput``), so a
/// file of any size streams; libxml2 checks them, so invalid UTF-8, a truncated document or
/// markup that is not well-formed is an `InkFormatError` naming the file and the line, never a
/// crash. Nothing outside the document is read: no network (`XML_PARSE_NONET`), no external
/// DTD or entity (neither `XML_PARSE_DTDLOAD`, `XML_PARSE_DTDVALID` nor `XML_PARSE_NOENT`,
/// which would load them), and a document type that declares entities is refused, so no
/// entity is ever expanded; `XML_PARSE_HUGE` stays off, so libxml2's own limits (256 levels
/// of nesting, names of 50,000 bytes, entity amplification) apply as well. The internal subset
/// is read but adds no attributes (no `XML_PARSE_DTDATTR`); its defaulted namespace
/// declarations (KanjiVG's `xmlns:kvg CDATA #FIXED`) still bind their prefixes.
///
/// Elements and attributes go by their qualified names as written (`kvg:element`, `xml:id`);
/// namespace errors (a prefix that nothing declares) are not counted. An empty element
/// (`<Point/>`) is a start followed by an end. Text and white space are text; comments,
/// processing instructions, CDATA sections and the document type are skipped.
final class XMLStreamReader {
  /// The nodes ``next()`` stops at.
  enum Node: Equatable {
    /// An element's start tag: ``elementName``, ``attribute(_:)`` and ``line`` describe it.
    case start
    /// An element's end (after its start when it is empty).
    case end
    /// Character data (or white space) inside an element: ``text``.
    case text
  }

  /// The parser options: no network, no error printing (problems come through the error
  /// handler), and nothing that loads, validates or expands.
  static let options = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

  /// The name libxml2 gives the document: its errors carry it, and those inside an entity's
  /// text do not (their lines count from the entity's start).
  static let documentURL = "document"

  /// The most levels of nested elements, libxml2's `xmlParserMaxDepth` without
  /// `XML_PARSE_HUGE`.
  static let maximumDepth = 256
  /// The most bytes of one text or attribute value, libxml2's `XML_MAX_TEXT_LENGTH` without
  /// `XML_PARSE_HUGE`.
  static let maximumText = 10_000_000

  /// The most characters of libxml2's message an error repeats.
  static let messageLimit = 200

  /// The name errors give for the document (a path relative to the corpus root, or a file name).
  let name: String
  /// The qualified name of the element at the last ``Node/start`` or ``Node/end``.
  private(set) var elementName = ""

  private let input: XMLStreamInput
  private let reader: OpaquePointer
  /// Whether the element just started is empty, so that its end comes next without reading.
  private var pendingEnd = false

  /// Reads a document held in memory; `name` is the name errors give for it.
  convenience init(data: Data, name: String) throws {
    try self.init(input: XMLStreamInput(data: data), name: name)
  }

  /// Reads a file, streamed from disk; `name` is the name errors give for it.
  convenience init(contentsOf url: URL, name: String) throws {
    let file: FileHandle
    do {
      file = try FileHandle(forReadingFrom: url)
    } catch {
      throw InkFormatError(.malformed, "cannot read the file", file: name)
    }
    try self.init(input: XMLStreamInput(file: file), name: name)
  }

  private init(input: XMLStreamInput, name: String) throws {
    _ = Self.initialized
    // Errors libxml2 raises outside the reader's context (a failed encoding conversion) go to
    // this thread's structured handler, else to standard error: they must not reach the user's
    // terminal beside the one-line error, so this thread's handler drops them.
    xmlSetStructuredErrorFunc(nil) { _, _ in }
    self.input = input
    self.name = name
    let context = Unmanaged.passUnretained(input).toOpaque()
    guard
      let reader = xmlReaderForIO(
        { context, buffer, count in
          guard let context, let buffer else { return -1 }
          return Unmanaged<XMLStreamInput>.fromOpaque(context).takeUnretainedValue()
            .read(into: buffer, count: Int(count))
        }, nil, context, Self.documentURL, nil, Self.options)
    else {
      throw InkFormatError(.malformed, "libxml2 could not start reading", file: name)
    }
    self.reader = reader
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { context, error in
        guard let context, let error = error?.pointee, XMLStreamReader.refuses(error) else {
          return
        }
        Unmanaged<XMLStreamInput>.fromOpaque(context).takeUnretainedValue().record(
          XMLStreamInput.Report(
            code: Int(error.code), level: Int(error.level.rawValue), domain: Int(error.domain),
            message: error.message.map { String(cString: $0) } ?? "",
            line: error.file == nil ? nil : Int(error.line)))
      }, context)
  }

  deinit { xmlFreeTextReader(reader) }

  /// Whether an error that libxml2 reports refuses the document: a fatal error (the bytes are
  /// not well-formed XML), or an error of the parser itself (an undeclared entity), of reading
  /// or of converting the encoding. Warnings, namespace errors (an undeclared `kvg:` prefix)
  /// and the validity checks of the tree builder (an `xml:id` that is not a name, an id used
  /// twice) do not: the formats do not need them, and Foundation's `XMLParser`, which the
  /// readers used before, did not stop on them either.
  static func refuses(_ error: xmlError) -> Bool {
    if error.level == XML_ERR_FATAL { return true }
    let domains = [XML_FROM_PARSER, XML_FROM_IO, XML_FROM_I18N].map { Int32($0.rawValue) }
    return error.level == XML_ERR_ERROR && domains.contains(error.domain)
  }

  /// libxml2's global state, set up once before any reader (it is then safe on many threads).
  private static let initialized: Void = xmlInitParser()

  /// Moves to the next element start, element end or text; `nil` after the document's end.
  ///
  /// - Throws: `InkFormatError` (`.malformed`) naming the file and the line when the bytes are
  ///   not well-formed XML, cannot be read, or declare or refer to entities.
  func next() throws -> Node? {
    if pendingEnd {
      pendingEnd = false
      return .end
    }
    while true {
      let status = xmlTextReaderRead(reader)
      if input.firstError != nil || status < 0 { throw parseError() }
      guard status == 1 else { return nil }
      switch xmlReaderTypes(UInt32(xmlTextReaderNodeType(reader))) {
      case XML_READER_TYPE_ELEMENT:
        elementName = currentName
        pendingEnd = xmlTextReaderIsEmptyElement(reader) == 1
        return .start
      case XML_READER_TYPE_END_ELEMENT:
        elementName = currentName
        return .end
      case XML_READER_TYPE_TEXT, XML_READER_TYPE_WHITESPACE,
        XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
        return .text
      case XML_READER_TYPE_DOCUMENT_TYPE:
        try refuseDeclaredEntities()
      case XML_READER_TYPE_ENTITY_REFERENCE:
        throw failure(
          .malformed, "a reference to the entity &\(currentName); (entities are not read)")
      default:
        continue
      }
    }
  }

  /// The value of the current element's attribute with this qualified name.
  func attribute(_ qualifiedName: String) -> String? {
    guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return nil }
    defer { xmlTextReaderMoveToElement(reader) }
    repeat {
      if let name = xmlTextReaderConstName(reader), Self.equals(name, qualifiedName) {
        return xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
      }
    } while xmlTextReaderMoveToNextAttribute(reader) == 1
    return nil
  }

  /// The values of the current element's attributes with these qualified names, found in one
  /// pass over the attributes (`nil` for those it does not have).
  func attributes(_ qualifiedNames: [String]) -> [String?] {
    var values = [String?](repeating: nil, count: qualifiedNames.count)
    guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return values }
    defer { xmlTextReaderMoveToElement(reader) }
    repeat {
      guard let name = xmlTextReaderConstName(reader),
        let index = qualifiedNames.firstIndex(where: { Self.equals(name, $0) })
      else { continue }
      values[index] = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    } while xmlTextReaderMoveToNextAttribute(reader) == 1
    return values
  }

  /// Calls `body` with the index in `qualifiedNames` and the UTF-8 bytes of each of the current
  /// element's attributes that has one of these names, in one pass and without making strings.
  func withAttributeBytes(
    _ qualifiedNames: [String], _ body: (Int, UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return }
    defer { xmlTextReaderMoveToElement(reader) }
    repeat {
      guard let name = xmlTextReaderConstName(reader),
        let index = qualifiedNames.firstIndex(where: { Self.equals(name, $0) })
      else { continue }
      let value = xmlTextReaderConstValue(reader)
      try body(
        index, UnsafeRawBufferPointer(start: value, count: value.map { Int(xmlStrlen($0)) } ?? 0))
    } while xmlTextReaderMoveToNextAttribute(reader) == 1
  }

  /// The current element's attributes by qualified name (namespace declarations included).
  var attributes: [String: String] {
    var result: [String: String] = [:]
    guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return result }
    defer { xmlTextReaderMoveToElement(reader) }
    repeat {
      if let name = xmlTextReaderConstName(reader) {
        result[String(cString: name)] =
          xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
      }
    } while xmlTextReaderMoveToNextAttribute(reader) == 1
    return result
  }

  /// The characters of the current text node.
  var text: String {
    xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
  }

  /// Appends the UTF-8 bytes of the current text node.
  func appendText(to bytes: inout [UInt8]) {
    guard let value = xmlTextReaderConstValue(reader) else { return }
    bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
  }

  /// The line of the current node: where its start tag ends, as libxml2 records it. Past line
  /// 65,534, where libxml2's tree keeps no line, the line its parser has reached (at the node
  /// or a little after it).
  var line: Int {
    let recorded = xmlTextReaderCurrentNode(reader).map { Int(xmlGetLineNo($0)) } ?? 0
    guard recorded <= 0 || recorded >= 65_535 else { return recorded }
    return max(recorded, Int(xmlTextReaderGetParserLineNumber(reader)))
  }

  /// An error in this document at the current node's line.
  func failure(_ kind: InkFormatError.Kind, _ message: String) -> InkFormatError {
    InkFormatError(kind, message, file: name, record: "line \(line)")
  }

  /// The qualified name of the current node.
  private var currentName: String {
    xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
  }

  /// Throws when the document type declares general or parameter entities: no format read
  /// here uses them, and refusing them is the sure way never to expand one (a billion laughs).
  private func refuseDeclaredEntities() throws {
    guard let node = xmlTextReaderCurrentNode(reader), node.pointee.type == XML_DTD_NODE else {
      return
    }
    let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
    let declared = [dtd.entities, dtd.pentities].reduce(0) { count, table in
      count + (table.map { Int(xmlHashSize(OpaquePointer($0))) } ?? 0)
    }
    guard declared > 0 else { return }
    throw failure(
      .malformed,
      declared == 1
        ? "the document type declares an entity, which is not read"
        : "the document type declares \(declared) entities, which are not read")
  }

  /// The error for a failed read: the file's read error, else libxml2's first error at its
  /// line (the line the parser reached for an error inside an entity's text), else a plain one.
  private func parseError() -> InkFormatError {
    if let failure = input.readFailure {
      return InkFormatError(
        .malformed, "cannot read the file (\(failure.localizedDescription))", file: name)
    }
    let parserLine = Int(xmlTextReaderGetParserLineNumber(reader))
    guard let report = input.firstError else {
      return InkFormatError(
        .malformed, "not well-formed XML", file: name, record: "line \(parserLine)")
    }
    return InkFormatError(
      .malformed, Self.describe(report), file: name, record: "line \(report.line ?? parserLine)")
  }

  /// The message of an error: libxml2's own, on one line, after `not well-formed XML:`, except
  /// for bytes that are not UTF-8 and for libxml2's limits, which are said in plain words.
  static func describe(_ report: XMLStreamInput.Report) -> String {
    let message = oneLine(report.message)
    let code = "libxml2 error \(report.code)"
    if message.hasPrefix("Input is not proper UTF-8"), let bytes = message.range(of: "Bytes: ") {
      return "invalid UTF-8: bytes \(message[bytes.upperBound...]) (\(code))"
    }
    if message.hasPrefix("Excessive depth in document") {
      return "more than \(maximumDepth) levels of nested elements (libxml2's limit, \(code))"
    }
    if message.hasSuffix("huge text node") {
      return "more than \(maximumText) bytes of text in one element "
        + "(libxml2's limit, \(code))"
    }
    if report.code == Int(XML_ERR_ENTITY_LOOP.rawValue) {
      return "entities that expand beyond libxml2's limit (an entity bomb, \(code))"
    }
    return "not well-formed XML: \(message) (\(code))"
  }

  /// libxml2's message on one line without control characters, at most ``messageLimit``
  /// characters long.
  static func oneLine(_ message: String) -> String {
    let words = message.unicodeScalars.split { $0.value < 0x20 || $0.value == 0x7F || $0 == " " }
    let text = words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    return text.count <= messageLimit ? text : text.prefix(messageLimit - 1) + "…"
  }

  /// Whether a NUL-terminated C string holds exactly the UTF-8 bytes of `string`.
  private static func equals(_ pointer: UnsafePointer<xmlChar>, _ string: String) -> Bool {
    var index = 0
    for byte in string.utf8 {
      guard pointer[index] == byte else { return false }
      index += 1
    }
    return pointer[index] == 0
  }
}
