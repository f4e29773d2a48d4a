import Foundation
import InkDistances
import InkRecognition
import InkSampling
import InkTracing
import OpenPencilKit
import Testing

@Suite("Tracing templates: the ductus-template JSON")
struct TracingTemplateTests {
  let template = TracingTemplate(
    name: "shapes/corner", description: "an L", box: CGRect(x: 0, y: 0, width: 100, height: 100),
    guides: ["baseline": 90],
    strokes: [
      TemplateStroke(points: [CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 90)]),
      TemplateStroke(
        points: [CGPoint(x: 10, y: 90), CGPoint(x: 80, y: 90)], tolerance: 6,
        checkpoints: [TemplateCheckpoint(x: 45, y: 90, radius: 5)], hasHook: true),
    ])

  @Test func roundTripsThroughJSON() throws {
    let data = try JSONEncoder().encode(template)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"format\":\"ductus-template\""))
    #expect(text.contains("\"x\":[10,10]"))
    #expect(try JSONDecoder().decode(TracingTemplate.self, from: data) == template)
  }

  @Test func rejectsWrongFormatsAndBrokenStrokes() {
    let wrongFormat =
      #"{"format":"other","version":1,"name":"a","box":{"x":0,"y":0,"width":1,"height":1},"strokes":[]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TracingTemplate.self, from: Data(wrongFormat.utf8))
    }
    let noStrokes =
      #"{"format":"ductus-template","version":1,"name":"a","box":{"x":0,"y":0,"width":1,"height":1},"strokes":[]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TracingTemplate.self, from: Data(noStrokes.utf8))
    }
    let unequal =
      #"{"format":"ductus-template","version":1,"name":"a","box":{"x":0,"y":0,"width":1,"height":1},"strokes":[{"x":[1,2],"y":[1]}]}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(TracingTemplate.self, from: Data(unequal.utf8))
    }
  }

  @Test func templatesFromDrawingsKeepOrderAndDirection() {
    let drawing = template.drawing()
    #expect(drawing.strokes.count == 2)
    let back = TracingTemplate(name: "copy", drawing: drawing)
    // The drawing has a control point every box hundredth along each stroke, ends kept.
    for (copy, original) in zip(back.strokes, template.strokes) {
      #expect(copy.points.first == original.points.first)
      #expect(copy.points.last == original.points.last)
      #expect(copy.points.count == 81 || copy.points.count == 71)
    }
    #expect(back.orderSource == .asDrawn)
    #expect(back.box == CGRect(x: 10, y: 10, width: 70, height: 80))
  }
}
