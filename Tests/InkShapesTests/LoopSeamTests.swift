import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// Where a closed loop is started for its corners to be found
/// (``ShapeClassifier/flattestPoint(count:acrossSeam:)``), and when it is read again from its
/// flattest point away from the seam (``ShapeClassifier/seamCornerEvidence``).
@Suite struct LoopSeamTests {
  /// The path of a diamond drawn from its top corner round to 50 short of it (0.18 of its
  /// diagonal of 284), a point every 2.
  func diamondOpenAtItsTop() throws -> InkPath {
    let corners = [(100.0, 0.0), (190, 110), (100, 220), (10, 110), (100, 0)]
    var (xs, ys): ([Double], [Double]) = ([], [])
    for (a, b) in zip(corners, corners.dropFirst()) {
      let length = hypot(b.0 - a.0, b.1 - a.1)
      for k in 0..<Int(length / 2) {
        let t = Double(k) * 2 / length
        guard b != corners[4] || (1 - t) * length >= 50 else { break }
        xs.append(a.0 + t * (b.0 - a.0))
        ys.append(a.1 + t * (b.1 - a.1))
      }
    }
    return try #require(InkPath(strokes: [try SampleBuffer(xs: xs, ys: ys)]))
  }

  @Test func aCornerLeftOpenAtTheSeamIsNotWhereTheLoopStarts() throws {
    // The straws across the gap and the corner are the longest, so the flattest point sits at
    // the seam; the flattest point away from it lies on a side.
    let path = try diamondOpenAtItsTop()
    let n = try #require(path.closingIndex())
    let classifier = ShapeClassifier(path: path)
    let w = CornerFinder.window
    let seam = classifier.flattestPoint(count: n, acrossSeam: true)
    #expect(seam < w || seam >= n - w)
    let away = classifier.flattestPoint(count: n, acrossSeam: false)
    #expect(away >= w && away < n - w)
  }

  @Test func aCornerLeftOpenAtTheSeamIsStillFound() throws {
    // Read from the flattest point at the seam, and again from its side only when no corner set
    // found first has straight runs (``ShapeClassifier/seamCornerEvidence``): the top corner is
    // found (by the first start here; no small drawing was found that only the second reads
    // right, so this does not pin the gate).
    let path = try diamondOpenAtItsTop()
    let n = try #require(path.closingIndex())
    let readings = ShapeClassifier(path: path).loopPolygonCandidates(end: n).readings
    #expect(
      readings.contains {
        $0.shape.kind == .quadrilateral && $0.shape.vertices?.count == 4
          && $0.shape.vertices?.contains { abs($0[0] - 100) < 8 && abs($0[1]) < 8 } == true
      })
  }

  @Test func aSquaresStraightRunsPassTheGate() throws {
    // A square of side 100 drawn from its top left corner, a point every unit: the corners
    // found from its flattest point leave every run straight.
    let corners = [(0.0, 0.0), (100, 0), (100, 100), (0, 100), (0, 0)]
    var (xs, ys): ([Double], [Double]) = ([], [])
    for (a, b) in zip(corners, corners.dropFirst()) {
      for k in 0..<100 {
        let t = Double(k) / 100
        xs.append(a.0 + t * (b.0 - a.0))
        ys.append(a.1 + t * (b.1 - a.1))
      }
    }
    let loop = (xs: xs, ys: ys, ts: xs.indices.map(Double.init))
    let evidence = ShapeClassifier.cornerEvidence(loop, corners: [0, 100, 200, 300, 399])
    #expect(evidence >= ShapeClassifier.seamCornerEvidence)
    // A corner left inside a run (the third missed) turns it by 90°, which the evidence counts
    // twice over (a half turn of the full turn: 0.5). These pin the evidence either side of the
    // gate's bound; that the gate changes no kind is measured on the corpora (the article).
    let missed = ShapeClassifier.cornerEvidence(loop, corners: [0, 100, 300, 399])
    #expect(missed < ShapeClassifier.seamCornerEvidence)
  }
}
