import Foundation
import OpenPencilKit
import Testing

@testable import DuctusCLI

@Suite struct ModelTests {
  /// A one-stroke drawing in an ink, with a barrel-roll threshold on its points when asked.
  private func drawing(_ ink: PKInk.InkType, threshold: CGFloat = 0) -> PKDrawing {
    let points = (0..<3).map { index in
      PKStrokePoint(
        location: CGPoint(x: Double(index) * 10, y: 0), timeOffset: Double(index) * 0.1,
        size: CGSize(width: 4, height: 4), opacity: 1, force: 1, azimuth: 0, altitude: 1,
        secondaryScale: 1, threshold: threshold)
    }
    return PKDrawing(strokes: [
      PKStroke(
        ink: PKInk(ink, color: .red),
        path: PKStrokePath(controlPoints: points, creationDate: Date(timeIntervalSince1970: 0)))
    ])
  }

  @Test func inksAreSubstitutedUntilOldEnough() throws {
    let reed = drawing(.reed)
    #expect(
      try ContentVersionLimit(.version1).apply(to: reed).strokes[0].ink == PKInk(.pen, color: .red))
    #expect(
      try ContentVersionLimit(.version2).apply(to: reed).strokes[0].ink.inkType == .fountainPen)
    #expect(try ContentVersionLimit(.version4).apply(to: reed) == reed)
    for (ink, older) in [
      (PKInk.InkType.watercolor, PKInk.InkType.marker), (.crayon, .pencil), (.monoline, .pen),
    ] {
      let limited = try ContentVersionLimit(.version1).apply(to: drawing(ink))
      #expect(limited.strokes[0].ink.inkType == older)
      #expect(limited.requiredContentVersion == .version1)
      #expect(limited.strokes[0].path == drawing(ink).strokes[0].path)
    }
  }

  @Test func barrelRollAndUnknownInksAreRefused() throws {
    let rolled = drawing(.pen, threshold: 0.5)
    #expect(try ContentVersionLimit(.version3).apply(to: rolled) == rolled)
    #expect(
      throws: CommandFailure(
        .malformedInput,
        "stroke 1 needs content version 3 (it carries barrel-roll data), above "
          + "--max-content-version 2")
    ) { try ContentVersionLimit(.version2).apply(to: rolled) }
    #expect(
      throws: CommandFailure(
        .malformedInput,
        "stroke 1 needs content version 4 (ink 'com.example.ink' has no older substitute), "
          + "above --max-content-version 3")
    ) {
      try ContentVersionLimit(.version3).apply(
        to: drawing(PKInk.InkType(rawValue: "com.example.ink")))
    }
  }

  @Test func summaryOfTheSampleStar() throws {
    let summary = DrawingSummary(SampleDrawings.star, file: "star.json")
    #expect(summary.strokes == 1)
    #expect(summary.points == 51)
    #expect(summary.inks == ["pen": 1])
    #expect(summary.contentVersion == 1)
    // Corners at radius 50 around (60, 60): x 60 ± 50·cos 18°, y from 10 to 60 + 50·sin 54°,
    // widened by half the widest ink size, 3·(0.8 + 0.4·0.95)/2.
    let half = 3 * (0.8 + 0.4 * 0.95) / 2
    let box = try #require(summary.bounds)
    #expect(abs(box.x - (60 - 50 * cos(.pi / 10) - half)) < 0.002)
    #expect(abs(box.y - (10 - half)) < 0.002)
    #expect(abs(box.width - (100 * cos(.pi / 10) + 2 * half)) < 0.004)
    #expect(abs(box.height - (50 + 50 * sin(0.3 * .pi) + 2 * half)) < 0.004)
    // Five chords of 2·50·sin 72° drawn at 220 points a second.
    #expect(abs(summary.duration - 5 * 100 * sin(0.4 * .pi) / 220) < 0.002)
  }

  @Test func summaryOfAnEmptyDrawingHasNullBounds() throws {
    let summary = DrawingSummary(PKDrawing(), file: "-", key: "k", label: "l")
    #expect(summary.bounds == nil)
    #expect(summary.duration == 0)
    #expect(summary.contentVersion == 1)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(summary), as: UTF8.self)
        == #"{"bounds":null,"contentVersion":1,"duration":0,"file":"-","inks":{},"key":"k","#
        + #""label":"l","points":0,"strokes":0}"#)
  }

  @Test func sampleCorpusNeedsEveryContentVersionUpToThree() {
    let versions = SampleDrawings.corpus.map(\.drawing.requiredContentVersion.rawValue)
    #expect(versions == [1, 1, 1, 2, 3])
    #expect(SampleDrawings.corpus.map(\.key) == ["a", "star", "spiral", "zigzag", "flourish"])
  }

  @Test func argumentValuesOfTheModel() {
    #expect(PixelSize(argument: "128x96") == PixelSize(width: 128, height: 96))
    #expect(PixelSize(argument: "0x5") == nil)
    #expect(PixelSize(argument: "12") == nil)
    #expect(PKColor(argument: "white") == .white)
    #expect(
      PKColor(argument: "#FF000080") == PKColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
    #expect(PKColor(argument: "mauve") == nil)
    #expect(PKContentVersion(argument: "3") == .version3)
    #expect(PKContentVersion(argument: "5") == nil)
  }
}
