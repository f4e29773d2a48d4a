import DuctusTestSupport
import Foundation
import OpenPaperKit
import OpenPencilKit
import Testing

@Suite("PaperMarkup as Ductus JSON: round trips, the golden file, hostile input")
struct PaperMarkupJSONTests {
  static let fixture = SharedData.fixture("paperkit/everything.paper.json")

  /// `everything` as it reads back: its ink quantized as PencilKit's format stores it.
  static var everythingReadBack: PaperMarkup {
    var markup = MarkupSamples.everything
    markup.elements = markup.elements.map {
      if case .drawing(let drawing) = $0 { .drawing(drawing.quantized()) } else { $0 }
    }
    return markup
  }

  @Test func randomPapersRoundTripExactly() async throws {
    for seed in UInt64(0)..<300 {
      let markup = MarkupSamples.random(seed: seed)
      let data = try await markup.dataRepresentation()
      let back = try PaperMarkup(dataRepresentation: data)
      #expect(back == markup, "seed \(seed)")
      #expect(try back.jsonData() == data, "seed \(seed): the bytes differ on the second write")
    }
  }

  /// `DUCTUS_UPDATE_SNAPSHOTS=1` (or `Scripts/make-paper-fixture`) rewrites the golden file.
  @Test func theGoldenFileIsWhatThisCodeWrites() throws {
    let data = try MarkupSamples.everything.jsonData()
    if ProcessInfo.processInfo.environment["DUCTUS_UPDATE_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: Self.fixture)
    }
    let golden = try Data(contentsOf: Self.fixture)
    #expect(data == golden, "run Scripts/make-paper-fixture and review the difference")
    #expect(try PaperMarkup(dataRepresentation: golden) == Self.everythingReadBack)
  }

  @Test func theDocumentHasTheDocumentedFields() throws {
    let object = try JSONSerialization.jsonObject(with: MarkupSamples.everything.jsonData())
    let document = try #require(object as? [String: Any])
    #expect(Set(document.keys) == ["format", "version", "bounds", "elements"])
    #expect(document["format"] as? String == "ductus.paper-markup")
    #expect(document["version"] as? Int == 1)
    let elements = try #require(document["elements"] as? [[String: Any]])
    let star = try #require(elements.first { $0["type"] as? String == "star" })
    #expect(
      Set(star.keys) == [
        "kind", "type", "frame", "rotation", "fillColor", "strokeColor", "lineWidth", "points",
        "innerRadius",
      ])
    #expect(star["points"] as? Int == 5)
    let line = try #require(elements.first { $0["kind"] as? String == "line" })
    #expect(line["from"] as? [Double] == [50, 550])
    #expect(line["endMarker"] as? Bool == true)
    #expect(line["fillColor"] == nil)
    #expect(elements.map { $0["kind"] as? String }.suffix(3) == ["textbox", "image", "drawing"])
  }

  @Test(arguments: [
    ("", "not JSON"),
    ("[1]", "expected an object"),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": 5, "elements": []}"#,
      "bounds: expected an array"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1.5, "bounds": [0, 0, 1, 1], "elements": []}"#,
      "version: 1.5 is not an integer in 1…2147483647"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1]}"#,
      "elements: missing (a required field)"
    ),
    (
      #"{"format": "svg", "version": 1, "bounds": [0, 0, 1, 1], "elements": []}"#,
      #"format: "svg" is not "ductus.paper-markup""#
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 2, "bounds": [0, 0, 1, 1], "elements": []}"#,
      "version: version 2 is not one this reader knows (1…1)"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1], "elements": []}"#,
      "bounds: expected 4 numbers, found 3"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1e39], "elements": []}"#,
      "bounds: number 3: 1e+39 is not a finite 32-bit number"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, "2"], "elements": []}"#,
      "bounds[3]: expected a number"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "blob"}]}"#,
      #"elements[0].kind: unknown kind "blob" (shape, line, textbox, image, drawing)"#
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "shape", "type": "star", "frame": [0, 0, 1, 1], "rotation": 0, "lineWidth": 1, "points": 1000000, "innerRadius": 0.5}]}"#,
      "elements[0].points: 1000000 is not an integer in 3…1000"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "shape", "type": "ellipse", "frame": [0, 0, 1, 1], "rotation": 0, "lineWidth": -1}]}"#,
      "elements[0].lineWidth: -1.0 is outside 0.0…3.4028234663852886e+38"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "line", "from": [0, 0], "to": [1, 1], "startMarker": false, "endMarker": true, "lineWidth": 1, "strokeColor": [1, 0, 0, 2]}]}"#,
      "elements[0].strokeColor: number 3: 2.0 is outside 0.0…1.0"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "image", "frame": [0, 0, 1, 1], "rotation": 0, "width": 100000, "height": 100000, "rgba": ""}]}"#,
      "elements[0].height: 100000 × 100000 pixels, more than the 16777216 allowed"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "image", "frame": [0, 0, 1, 1], "rotation": 0, "width": 2, "height": 2, "rgba": "AAAA"}]}"#,
      "elements[0].rgba: not the base64 of 2 × 2 × 4 bytes of RGBA"
    ),
    (
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "drawing", "pencilKit": "AAAA"}]}"#,
      "elements[0].pencilKit: PencilKit data"
    ),
  ])
  func hostileInputIsRefusedNamingThePlace(json: String, expected: String) {
    do {
      _ = try PaperMarkup(dataRepresentation: Data(json.utf8))
      Issue.record("read without an error: \(json)")
    } catch let error as PaperMarkupDataError {
      #expect(error.description.hasPrefix(expected), "got: \(error)")
      #expect(!error.description.contains("\n"))
    } catch {
      Issue.record("not a PaperMarkupDataError: \(error)")
    }
  }

  @Test func tooManyElementsAreRefusedBeforeTheyAreRead() {
    let many = Array(repeating: "{}", count: PaperMarkupLimits.maximumElements + 1)
      .joined(separator: ",")
    let json =
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": ["#
      + many + "]}"
    #expect(
      throws: PaperMarkupDataError(
        path: "elements", message: "100001 elements, more than the 100000 allowed")
    ) {
      try PaperMarkup(dataRepresentation: Data(json.utf8))
    }
  }

  @Test func tooLongATextIsRefused() {
    let text = String(repeating: "é", count: PaperMarkupLimits.maximumTextBytes / 2 + 1)
    let json =
      #"{"format": "ductus.paper-markup", "version": 1, "bounds": [0, 0, 1, 1], "elements": [{"kind": "textbox", "frame": [0, 0, 1, 1], "rotation": 0, "text": ""#
      + text + #""}]}"#
    #expect(
      throws: PaperMarkupDataError(
        path: "elements[0].text", message: "1000002 bytes, more than the 1000000 allowed")
    ) {
      try PaperMarkup(dataRepresentation: Data(json.utf8))
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: PaperMarkupDataError.self) {
      try PaperMarkup(dataRepresentation: Data(json.utf8))
    }
  }

  @Test func writingRefusesWhatReadingWould() async {
    var markup = PaperMarkup(bounds: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
    await #expect(
      throws: PaperMarkupDataError(
        path: "bounds", message: "number 2: nan is not a finite 32-bit number")
    ) {
      try await markup.dataRepresentation()
    }
    markup.bounds = .zero
    markup.insertNewShape(
      configuration: ShapeConfiguration(type: .ellipse, fillColor: CGColor(gray: 2, alpha: 1)),
      frame: .zero)
    await #expect(
      throws: PaperMarkupDataError(
        path: "elements[0].fillColor", message: "number 0: 2.0 is outside 0.0…1.0")
    ) {
      try await markup.dataRepresentation()
    }
  }

  /// Seeded mutations of the golden file (bit flips, interesting numbers, deep nesting, cuts):
  /// each reads, or fails with one line; what reads writes and reads back the same.
  @Test func mutatedDocumentsReadOrFailWithOneLine() throws {
    let seed = try [UInt8](MarkupSamples.everything.jsonData())
    var mutator = FuzzMutator(seeds: [seed], syntax: .json)
    var read = 0
    for index in 0..<1_500 {
      let input = Data(mutator.input(index, seed: 10))
      do {
        let markup = try PaperMarkup(dataRepresentation: input)
        read += 1
        #expect(try PaperMarkup(dataRepresentation: markup.jsonData()) == markup, "input \(index)")
      } catch let error as PaperMarkupDataError {
        #expect(!error.description.contains("\n"), "input \(index): \(error)")
      }
    }
    #expect(read < 1_500, "no mutation was refused: the mutator did nothing")
  }

  /// Seeded structural mutations of the golden document, so that the JSON stays valid and the
  /// checks behind the parser are what is hit: a field deleted, or a value replaced by another
  /// type, a huge, negative, fractional or out-of-range number, or an empty or long container.
  @Test func structurallyMutatedDocumentsReadOrFailNamingTheField() throws {
    let golden = try JSONSerialization.jsonObject(with: MarkupSamples.everything.jsonData())
    let replacements: [Any] = [
      NSNull(), "x", true, [], [:] as [String: Any], -1, 0.5, 1e38, 1e39, -1e300, 3, 1001,
      Int64.max, [1, 2], [0, 0, 0, 0, 0], Array(repeating: 1, count: 5000),
    ]
    var generator = SplitMix64(seed: 7)
    var refused = 0
    for index in 0..<1_000 {
      var document = golden
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        document = Self.mutate(document, with: replacements, using: &generator)
      }
      let data = try JSONSerialization.data(withJSONObject: document)
      do {
        let markup = try PaperMarkup(dataRepresentation: data)
        #expect(try PaperMarkup(dataRepresentation: markup.jsonData()) == markup, "input \(index)")
      } catch let error as PaperMarkupDataError {
        refused += 1
        #expect(!error.path.isEmpty, "input \(index): \(error) names no field")
        #expect(!error.description.contains("\n"), "input \(index): \(error)")
      }
    }
    #expect(refused > 500, "only \(refused) of 1000 mutated documents were refused")
  }

  /// `value` with one field or element, chosen at random at any depth, deleted or replaced.
  static func mutate(_ value: Any, with replacements: [Any], using generator: inout SplitMix64)
    -> Any
  {
    let stop = Int.random(in: 0..<3, using: &generator) == 0
    if var object = value as? [String: Any],
      let key = object.keys.sorted().randomElement(
        using: &generator)
    {
      if stop || !(object[key] is [String: Any] || object[key] is [Any]) {
        if Bool.random(using: &generator) {
          object[key] = nil
        } else {
          object[key] = replacements.randomElement(using: &generator)!
        }
      } else {
        object[key] = mutate(object[key]!, with: replacements, using: &generator)
      }
      return object
    }
    if var array = value as? [Any], !array.isEmpty {
      let index = Int.random(in: array.indices, using: &generator)
      if stop || !(array[index] is [String: Any] || array[index] is [Any]) {
        array[index] = replacements.randomElement(using: &generator)!
      } else {
        array[index] = mutate(array[index], with: replacements, using: &generator)
      }
      return array
    }
    return replacements.randomElement(using: &generator)!
  }
}
