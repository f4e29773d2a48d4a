import Foundation
import Testing
import _DuctusSupport

@testable import InkShapes

/// ShortStraw and IStraw against corners computed by hand.
@Suite struct CornerFinderTests {
  /// An L: (0, 0) … (0, 9) down, then (1, 9) … (10, 9) right, spacing 1. The straw at point 9
  /// spans (0, 6)–(3, 9), 4.24, the shortest; straight runs have straws of 6 and the threshold
  /// is 0.95 × 6 = 5.7, so the run 7…11 is below it and its minimum, 9, is the corner.
  static let ell: ([Double], [Double]) = (
    Array(repeating: 0, count: 10) + (1...10).map(Double.init),
    (0..<10).map(Double.init) + Array(repeating: 9, count: 10)
  )

  @Test func shortStrawFindsTheBendOfAnEll() {
    #expect(CornerFinder.shortStraw(xs: Self.ell.0, ys: Self.ell.1) == [0, 9, 19])
  }

  @Test func iStrawFindsTheBendOfAnEll() {
    #expect(CornerFinder.iStraw(xs: Self.ell.0, ys: Self.ell.1) == [0, 9, 19])
  }

  /// A square of side 10 walked from (0, 0) clockwise, one point a unit: corners at 10, 20, 30.
  @Test func bothFindTheCornersOfASquare() {
    var xs: [Double] = []
    var ys: [Double] = []
    for k in 0...40 {
      let side = min(k / 10, 3)
      let t = Double(k - 10 * side)
      let (x, y): (Double, Double) =
        switch side {
        case 0: (t, 0)
        case 1: (10, t)
        case 2: (10 - t, 10)
        default: (0, 10 - t)
        }
      xs.append(x)
      ys.append(y)
    }
    #expect(CornerFinder.shortStraw(xs: xs, ys: ys) == [0, 10, 20, 30, 40])
    #expect(CornerFinder.iStraw(xs: xs, ys: ys) == [0, 10, 20, 30, 40])
  }

  /// A half circle of radius 20, points a unit apart: IStraw's curve test leaves only its ends.
  @Test func iStrawFindsNoCornerOnAnArc() {
    let n = 63
    let angles = (0..<n).map { Double.pi * Double($0) / Double(n - 1) }
    let xs = angles.map { 20 * cos($0) }
    let ys = angles.map { 20 * sin($0) }
    #expect(CornerFinder.iStraw(xs: xs, ys: ys) == [0, n - 1])
  }

  /// A pen that stops at the middle of a straight line: with times, the speed minimum is a
  /// candidate, but a straight run keeps no corner (the collinear test removes it).
  @Test func aPauseOnAStraightLineIsNoCorner() {
    let xs = (0..<30).map(Double.init)
    let ys = [Double](repeating: 0, count: 30)
    // 0.01 s a point, and a half-second stop at point 15.
    let ts: [Double] = (0..<30).map { i in
      let step = Double(i) * 0.01
      return i > 15 ? step + 0.5 : step
    }
    #expect(CornerFinder.iStraw(xs: xs, ys: ys, ts: ts) == [0, 29])
  }

  @Test func shortInputsHaveOnlyTheirEnds() {
    #expect(CornerFinder.shortStraw(xs: [], ys: []) == [])
    #expect(CornerFinder.shortStraw(xs: [1], ys: [1]) == [0])
    #expect(CornerFinder.iStraw(xs: [0, 1, 2], ys: [0, 1, 0]) == [0, 2])
  }

  /// The median's selection equals the sorted array's value at every rank: random arrays, many
  /// duplicates, sorted and reversed ones, one value.
  @Test func selectionEqualsSorting() {
    var generator = SplitMix64(seed: 11)
    var arrays: [[Double]] = [[4], [2, 1], [1, 1, 1, 1], Array(0..<50).map(Double.init)]
    arrays.append(arrays[3].reversed())
    for count in [3, 7, 40, 101] {
      arrays.append((0..<count).map { _ in Double(generator.next() % 1000) / 10 })
      arrays.append((0..<count).map { _ in Double(generator.next() % 3) })
    }
    for values in arrays {
      let sorted = values.sorted()
      for rank in sorted.indices {
        var scratch = values
        #expect(CornerFinder.selected(&scratch, rank: rank) == sorted[rank], "\(values) \(rank)")
        #expect(scratch.sorted() == sorted)
      }
    }
  }
}
