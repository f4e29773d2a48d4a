import Foundation
import OpenPencilKit
import Testing

@testable import InkFormats

/// XML from strangers, through each XML reader (the $1 logs, InkML, KanjiVG, signature XML):
/// entity bombs, external entities, deep nesting, invalid UTF-8, document types with brackets in
/// quoted literals and truncated files are `InkFormatError`s naming the file and the line,
/// found fast, and nothing outside the document is read.
@Suite("hostile XML")
struct HostileXMLTests {
  /// Reads a document that must fail; returns the error.
  static func failure(
    _ format: XMLFixtureFormat, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) -> InkFormatError? {
    do {
      let record = try format.read(data)
      Issue.record("\(format) read a record: \(record.key)", sourceLocation: sourceLocation)
      return nil
    } catch let error as InkFormatError {
      #expect(error.file == format.fileName, sourceLocation: sourceLocation)
      #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
      return error
    } catch {
      Issue.record("not an InkFormatError: \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  /// Seconds taken by `body`.
  static func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  /// Ten entities of ten references each, nine levels deep: 10⁹ `lol`s if expanded.
  static func billionLaughs(root: String) -> String {
    var lines = ["<!DOCTYPE \(root) [", "<!ENTITY lol0 \"lol\">"]
    for level in 1...9 {
      let references = String(repeating: "&lol\(level - 1);", count: 10)
      lines.append("<!ENTITY lol\(level) \"\(references)\">")
    }
    return (lines + ["]>"]).joined(separator: "\n")
  }

  @Test(arguments: XMLFixtureFormat.allCases, [false, true])
  func billionLaughsFailsFast(format: XMLFixtureFormat, inAttribute: Bool) throws {
    let prolog = Self.billionLaughs(root: format.rootName)
    let data =
      inAttribute
      ? format.document(prolog: prolog, attribute: " Extra=\"&lol9;\"")
      : format.document(prolog: prolog, extra: Array(format.textElement("&lol9;").utf8))
    var error: InkFormatError?
    let elapsed = Self.seconds { error = Self.failure(format, data) }
    let found = try #require(error)
    #expect(elapsed < 5, "\(elapsed) s")
    #expect(found.kind == .malformed)
    #expect(found.message.contains("entit"), "\(found)")
    #expect(!found.description.contains("lollol"))
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func anEntityDeclarationIsRefusedEvenUnused(format: XMLFixtureFormat) throws {
    let data = format.document(prolog: "<!DOCTYPE \(format.rootName) [<!ENTITY a \"b\">]>")
    let error = try #require(Self.failure(format, data))
    #expect(error.message == "the document type declares an entity, which is not read")
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func externalEntitiesToAFileAreNeverRead(format: XMLFixtureFormat) throws {
    let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
    try #require(passwd.contains("root:"))
    let root = format.rootName
    let general = "<!DOCTYPE \(root) [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
    let parameter = "<!DOCTYPE \(root) [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>"
    for data in [
      format.document(prolog: general, extra: Array(format.textElement("&x;").utf8)),
      format.document(prolog: general, attribute: " Extra=\"&x;\""),
      format.document(prolog: parameter),
    ] {
      let error = try #require(Self.failure(format, data))
      #expect(error.kind == .malformed)
      #expect(!error.description.contains("root:"), "\(error)")
    }
    // An external subset is not loaded: were it, /etc/passwd would not parse as a DTD.
    let record = try format.read(
      format.document(prolog: "<!DOCTYPE \(root) SYSTEM \"file:///etc/passwd\">"))
    #expect(!record.drawing.strokes.isEmpty)
    #expect(!"\(record.label ?? "") \(record.metadata)".contains("root"))
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func nothingConnectsToTheNetwork(format: XMLFixtureFormat) throws {
    let listener = try LocalListener()
    let url = "http://127.0.0.1:\(listener.port)/x.dtd"
    let root = format.rootName
    let subset = format.document(prolog: "<!DOCTYPE \(root) SYSTEM \"\(url)\">")
    #expect(try format.read(subset).drawing.strokes.count >= 1)
    let general = "<!DOCTYPE \(root) [<!ENTITY x SYSTEM \"\(url)\">]>"
    for data in [
      format.document(prolog: general, extra: Array(format.textElement("&x;").utf8)),
      format.document(prolog: general, attribute: " Extra=\"&x;\""),
      format.document(prolog: "<!DOCTYPE \(root) [<!ENTITY % p SYSTEM \"\(url)\"> %p;]>"),
      format.document(prolog: "<!DOCTYPE \(root) PUBLIC \"-//X//DTD X//EN\" \"\(url)\">"),
    ] {
      _ = try? format.read(data)
    }
    #expect(listener.connections() == 0)
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func aHundredThousandLevelsOfNestingFailFast(format: XMLFixtureFormat) throws {
    let levels = 100_000
    let element = format == .inkML ? "traceGroup" : "g"
    let nested =
      String(repeating: "<\(element)>", count: levels)
      + String(repeating: "</\(element)>", count: levels)
    var error: InkFormatError?
    let elapsed = Self.seconds {
      error = Self.failure(format, format.document(extra: Array(nested.utf8)))
    }
    let found = try #require(error)
    #expect(elapsed < 5, "\(elapsed) s")
    #expect(
      found.message.hasPrefix("more than 256 levels of nested elements (libxml2's limit"),
      "\(found)")
    #expect(found.record == "line 3")
  }

  /// Bytes that are not UTF-8, each in a place of its own.
  static let invalidUTF8: [(place: String, bytes: [UInt8])] = [
    ("element name", Array("<Po".utf8) + [0xFF] + Array("int/>".utf8)),
    ("end tag name", Array("<Extra></Ext".utf8) + [0xC3] + Array("ra>".utf8)),
    ("attribute name", Array("<Extra a".utf8) + [0xC3, 0x28] + Array("=\"1\"/>".utf8)),
    ("attribute value", Array("<Extra a=\"".utf8) + [0xE2, 0x82] + Array("\"/>".utf8)),
    ("comment", Array("<!-- ".utf8) + [0xFE, 0xFF] + Array(" -->".utf8)),
    ("processing instruction", Array("<?note ".utf8) + [0xC0, 0x80] + Array(" ?>".utf8)),
    ("text", Array("caf".utf8) + [0xE9] + Array(" noir".utf8)),
    ("surrogate", Array("<Extra a=\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"/>".utf8)),
    (
      "five-byte form",
      Array("<Extra>".utf8) + [0xF8, 0x88, 0x80, 0x80, 0x80] + Array("</Extra>".utf8)
    ),
  ]

  @Test(arguments: XMLFixtureFormat.allCases, invalidUTF8.indices)
  func invalidUTF8IsAnErrorNamingFileAndLine(format: XMLFixtureFormat, index: Int) throws {
    let (place, bytes) = Self.invalidUTF8[index]
    let extra = place == "text" ? Array(format.textElement("§").utf8) : bytes
    var data = format.document(extra: extra)
    if place == "text" {
      let marker = Data("§".utf8)
      data.replaceSubrange(data.range(of: marker)!, with: bytes)
    }
    let error = try #require(Self.failure(format, data), "\(place)")
    #expect(error.kind == .malformed, "\(place)")
    // libxml2 decodes an encoded surrogate (not UTF-8 either) and refuses its code point.
    let expected =
      place == "surrogate" ? "not well-formed XML: Char 0xD800" : "invalid UTF-8: bytes 0x"
    #expect(error.message.hasPrefix(expected), "\(place): \(error)")
    #expect(error.record == "line 3", "\(place): \(error)")
  }

  @Test func aDocumentTypeWithBracketsAndAnglesInQuotedLiteralsIsReadWhole() throws {
    let lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "svg10.dtd?]>" ["#,
      #"<!ATTLIST g"#,
      #"xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net""#,
      #"kvg:element CDATA #IMPLIED"#,
      #"kvg:note CDATA "]>" >"#,
      #"<!ATTLIST path kvg:type CDATA '>]]>' >"#,
      #"<!-- ]> inside a comment -->"#,
      #"<?note ]> inside a processing instruction ?>"#,
      #"]>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 109 109">"#,
      #"<g id="kvg:04e00" kvg:element="一">"#,
      #"<path id="kvg:04e00-s1" kvg:type="㇐" d="M11,54.25 L96,54"/>"#,
      #"<path id="kvg:04e00-s2" d="M1,1 C2"/>"#,
      #"</g>"#,
      #"</svg>"#,
    ]
    #expect {
      try KanjiVGReader.record(from: Data(lines.joined(separator: "\n").utf8), name: "04e00.svg")
    } throws: { error in
      (error as? InkFormatError)?.record == "line 14, path kvg:04e00-s2"
    }
    var valid = lines
    valid.remove(at: 13)
    let record = try KanjiVGReader.record(
      from: Data(valid.joined(separator: "\n").utf8), name: "04e00.svg")
    #expect(record.label == "一")
    #expect(record.metadata["strokeTypes"] == "㇐")
    #expect(record.drawing.strokes.first?.path.first?.location == CGPoint(x: 11, y: 54.25))
  }

  /// libxml2 2.9.14's option bits: the reader sets `XML_PARSE_NONET` (1 << 11),
  /// `XML_PARSE_NOERROR` (1 << 5) and `XML_PARSE_NOWARNING` (1 << 6), and none of
  /// `XML_PARSE_NOENT` (1 << 1), `XML_PARSE_DTDLOAD` (1 << 2), `XML_PARSE_DTDATTR` (1 << 3),
  /// `XML_PARSE_DTDVALID` (1 << 4), `XML_PARSE_XINCLUDE` (1 << 10) or `XML_PARSE_HUGE` (1 << 19).
  @Test func theParserLoadsNothingAndKeepsLibxml2sLimits() {
    #expect(XMLStreamReader.options == 1 << 11 | 1 << 5 | 1 << 6)
  }

  @Test func attributesThatADocumentTypeDefaultsAreNotAdded() throws {
    let prolog = "<!DOCTYPE Gesture [<!ATTLIST Gesture Number CDATA \"7\" Subject CDATA \"9\">]>"
    let record = try XMLFixtureFormat.dollar.read(XMLFixtureFormat.dollar.document(prolog: prolog))
    #expect(record.metadata["number"] == nil)
    #expect(record.metadata["subject"] == "1")
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func quotedBracketsInADocumentTypeDoNotEndIt(format: XMLFixtureFormat) throws {
    let prolog = """
      <!DOCTYPE \(format.rootName) SYSTEM "a]>b" [
      <!ATTLIST \(format.rootName) note CDATA "]>" >
      <!-- ] > ]> -->
      ]>
      """
    let record = try format.read(format.document(prolog: prolog))
    #expect(try record == format.read(format.document()))
  }

  @Test(arguments: XMLFixtureFormat.allCases)
  func everyTruncationIsAnError(format: XMLFixtureFormat) throws {
    let data = format.document(prolog: "<!DOCTYPE \(format.rootName) [<!ATTLIST a b CDATA \"c\">]>")
    _ = try format.read(data)
    let end = try #require(data.lastIndex(of: UInt8(ascii: ">")))
    for length in 0..<end {
      #expect(throws: InkFormatError.self, "\(length) bytes") {
        try format.read(data.prefix(length))
      }
    }
  }

  @Test func aDeclaredEncodingIsRead() throws {
    var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#.utf8)
    data += Data("\n<Gesture Name=\"caf".utf8) + Data([0xE9])
    data += Data("01\">\n<Point X=\"1\" Y=\"2\" T=\"3\"/>\n</Gesture>\n".utf8)
    let record = try DollarGestureReader.record(from: data, name: "g.xml")
    #expect(record.metadata["name"] == "café01")
    #expect(record.label == "café")
  }

  /// Past line 65,534 libxml2's tree keeps no line; the reader then names the line its parser
  /// reached, at or just after the element.
  @Test func linesPastTheTreesLimitAreNamedNearTheElement() throws {
    let good = "<trace>1 2, 3 4</trace>\n"
    let text =
      "<ink>\n" + String(repeating: good, count: 70_000) + "<trace>1 2, 3</trace>\n</ink>\n"
    #expect {
      try InkMLReader().record(from: Data(text.utf8), key: "long")
    } throws: { error in
      guard let message = (error as? InkFormatError)?.message,
        let line = message.split(separator: " ").dropFirst(3).first.flatMap({ Int($0.dropLast(2)) })
      else { return false }
      return message.hasPrefix("trace 70001 (line ") && (70_002...70_100).contains(line)
    }
  }
}
