import Foundation
import InkSampling
import Testing

@testable import InkShapes

/// Where a closed loop is started for its corners to be found
/// (``ShapeClassifier/flattestPoint(count:acrossSeam:)``).
@Suite struct LoopSeamTests {
  @Test func aCornerLeftOpenAtTheSeamIsNotWhereTheLoopStarts() throws {
    // A diamond drawn from its top corner round to 50 short of it (0.18 of its diagonal of
    // 284): the straws across the gap and the corner are the longest, so the flattest point
    // sits at the seam; the flattest point away from it lies on a side.
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
    let path = try #require(InkPath(strokes: [try SampleBuffer(xs: xs, ys: ys)]))
    let n = try #require(path.closingIndex())
    let classifier = ShapeClassifier(path: path)
    let w = CornerFinder.window
    let seam = classifier.flattestPoint(count: n, acrossSeam: true)
    #expect(seam < w || seam >= n - w)
    let away = classifier.flattestPoint(count: n, acrossSeam: false)
    #expect(away >= w && away < n - w)
  }
}
