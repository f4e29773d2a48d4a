import Foundation
import InkRender
import Testing

@Suite("Render format and errors")
struct RenderFormatTests {
  @Test("formats are told from extensions in any case, and unknown ones are refused")
  func extensions() throws {
    #expect(RenderFormat(pathExtension: "PNG") == .png)
    #expect(RenderFormat(pathExtension: "Pdf") == .pdf)
    #expect(RenderFormat(pathExtension: "svg") == .svg)
    #expect(RenderFormat(pathExtension: "jpeg") == nil)
    #expect(RenderFormat(pathExtension: "") == nil)
    #expect(try RenderFormat(fileURL: URL(fileURLWithPath: "/tmp/a.b/cat.SVG")) == .svg)
    #expect(throws: RenderError.unknownFormat(path: "/tmp/cat")) {
      try RenderFormat(fileURL: URL(fileURLWithPath: "/tmp/cat"))
    }
    #expect(RenderFormat.allCases.filter(\.isVector) == [.pdf, .svg])
  }

  @Test("errors read as one line naming what is wrong")
  func descriptions() {
    #expect(
      RenderError.emptyDrawing.description
        == "the drawing has no strokes, so there is nothing to frame")
    #expect(
      RenderError.fileWrite(path: "/x/cat.png", reason: "No such file or directory").description
        == "/x/cat.png: cannot write the picture: No such file or directory")
    #expect(
      RenderError.unknownFormat(path: "cat.gif").description
        == "cat.gif: cannot tell the picture format (use .png, .pdf or .svg)")
    #expect(!RenderError.invalidSize(width: 0, height: 3).description.contains("\n"))
  }
}
