import Foundation
import InkSampling
import OpenPaperKit
import OpenPencilKit

/// Recognises the shapes drawn in a drawing: lines, arcs, circles, ellipses, polygons, stars,
/// arrows, checks, carets and zigzags, from one stroke or several, and curves, spirals,
/// helices, hearts, clouds and rounded rectangles from one, with their fitted parameters
/// and a calibrated confidence, or ``ShapeKind/none`` for writing and scribbles.
///
/// ```swift
/// let recognizer = ShapeRecognizer()
/// for shape in recognizer.shapes(in: drawing) where shape.kind != .none {
///   print(shape.kind, shape.confidence, shape.center ?? [])
/// }
/// ```
///
/// The drawing is first segmented into groups (``groups(of:)``): strokes that touch or nearly
/// touch form a candidate group (chained in the order and direction with the shortest jumps),
/// which is kept whole when together they make a better shape than apart (a rectangle in four
/// strokes, an arrow whose head is a second stroke, a star drawn as two triangles); strokes
/// that cross one another and make no shape together are writing; and groups that chain, with
/// short jumps, into a closed shape (a polygon drawn a side a stroke with gaps) become one. Each
/// group is read by ``shape(of:strokes:)``: cleaned and resampled, its corners found (ShortStraw
/// and IStraw), every kind that could fit it fitted (PaleoSketch's way), and the reading with
/// the highest confidence kept, its confidence a logistic map of its fit (see the
/// <doc:ShapeRecognition> article for the coefficients and how they were decided).
///
/// Complexity: about O(n · m) for a stroke of n resampled points and outlines of m segments; a
/// 200-point stroke takes well under a millisecond in a release build.
public struct ShapeRecognizer: Sendable {
  /// Readings below this confidence come back as ``ShapeKind/none``; 0.2 by default (the
  /// lowest minimum, in steps of 0.05, that refuses 92% of the tuning halves' letters).
  public var minimumConfidence: Double
  /// Strokes whose ends come this close to another stroke, as a part of the larger one's
  /// bounding-box diagonal, touch and may form one group; 0.15 by default.
  public var touchDistance: Double
  /// The most strokes a group may have; 8 by default (an octagon drawn a side a stroke).
  public var maximumGroupSize: Int

  /// A recognizer with the given settings (each documented with its property).
  public init(
    minimumConfidence: Double = 0.2, touchDistance: Double = 0.15, maximumGroupSize: Int = 8
  ) {
    self.minimumConfidence = minimumConfidence
    self.touchDistance = touchDistance
    self.maximumGroupSize = max(1, maximumGroupSize)
  }

  /// The shapes of a drawing, one a group of strokes, ordered by their first stroke; strokes that
  /// are no shape come back in answers of kind ``ShapeKind/none``. Every stroke is in exactly one
  /// answer.
  ///
  /// Each shape PaperKit has a type for carries its `paperKit` record, stroked in the ink colour
  /// of its first stroke and the median width of its strokes' points, as ``ShapeBeautifier``
  /// draws it.
  public func shapes(in drawing: PKDrawing) -> [DetectedShape] {
    shapes(inStrokes: Self.strokeSamples(of: drawing)).map { shape in
      let strokes = shape.strokes.filter { drawing.strokes.indices.contains($0) }.map {
        drawing.strokes[$0]
      }
      guard shape.kind != .none, let first = strokes.first else { return shape }
      var filled = shape
      filled.paperKit =
        (try? shape.paperKitShape(
          strokeColor: first.ink.color.cgColor, lineWidth: ShapeBeautifier.width(of: strokes)))?
        .map(MarkupElement.shape)
      return filled
    }
  }

  /// The shapes of strokes given as sample buffers in drawing coordinates, one a stroke (the
  /// answers' `strokes` index this array).
  public func shapes(inStrokes strokes: [SampleBuffer]) -> [DetectedShape] {
    readGroups(of: strokes).map { group in
      (group.reading ?? reading(of: group.strokes.map { strokes[$0] }, strokes: group.strokes))
        .answer(minimumConfidence: minimumConfidence)
    }
  }

  /// The one shape a given group of strokes makes, read as a whole (the strokes chained end to
  /// end in the order that leaves the shortest jumps).
  ///
  /// - Parameters:
  ///   - samples: the group's strokes, in drawing coordinates.
  ///   - strokes: their indices in the drawing, reported in the answer (`0..<samples.count` when
  ///     empty).
  public func shape(of samples: [SampleBuffer], strokes: [Int] = []) -> DetectedShape {
    let indices = strokes.isEmpty ? Array(samples.indices) : strokes
    return reading(of: samples, strokes: indices).answer(minimumConfidence: minimumConfidence)
  }

  /// The samples of every stroke of a drawing in drawing coordinates, one buffer a stroke (the
  /// visible pieces of a masked stroke joined), `x`, `y` and `t` (from the first stroke's
  /// creation) only: the recognizer reads no other channel.
  public static func strokeSamples(of drawing: PKDrawing) -> [SampleBuffer] {
    let sampler = StrokeSampler(keepsPenChannels: false)
    let origin = drawing.strokes.map(\.path.creationDate).min()
    return drawing.strokes.map { stroke in
      let pieces = sampler.samples(of: stroke, timeOrigin: origin)
      guard pieces.count != 1 else { return pieces[0] }
      let xs = pieces.flatMap(\.xs)
      let ys = pieces.flatMap(\.ys)
      let ts = pieces.flatMap { $0[.t] ?? [] }
      return (try? SampleBuffer(xs: xs, ys: ys, extraChannels: [.t: ts]))
        ?? SampleBuffer(xs: xs, ys: ys)
    }
  }

  /// The groups of strokes the drawing is segmented into, each ascending, ordered by their first
  /// stroke: the connected sets of touching strokes (``touchDistance``), kept whole when their
  /// reading together is a shape at least as sure as their readings apart, split into single
  /// strokes otherwise (and sets larger than ``maximumGroupSize`` always). Dots (strokes under
  /// ``dotFraction`` of the largest) join the group of a stroke they touch (of two, the group
  /// whose first stroke comes first), else stand alone.
  /// Last, groups that are not all closed shapes are made one when, chained with pen-up jumps
  /// within ``touchDistance`` of the drawing's diagonal, they read as a closed shape (see the
  /// <doc:ShapeRecognition> article's "Groups").
  public func groups(of strokes: [SampleBuffer]) -> [[Int]] {
    readGroups(of: strokes).map(\.strokes)
  }

  /// The groups of ``groups(of:)``, each with the reading the segmentation made of it on the way
  /// (a group kept whole, a stroke split off its group, a lone stroke, read on the path its
  /// contacts were found on) or `nil` (a group a dot joined, a dot alone), so that no group is
  /// read twice and no stroke's path made twice.
  private func readGroups(of strokes: [SampleBuffer]) -> [(strokes: [Int], reading: ShapeReading?)]
  {
    let diagonals = strokes.map(Self.diagonal)
    let largest = diagonals.max() ?? 0
    let isDot = diagonals.map { $0 < Self.dotFraction * largest }
    let paths = strokes.indices.map { isDot[$0] ? nil : InkPath(strokes: [strokes[$0]]) }
    var parent = Array(strokes.indices)
    func root(_ i: Int) -> Int {
      var i = i
      while parent[i] != i {
        parent[i] = parent[parent[i]]
        i = parent[i]
      }
      return i
    }
    func join(_ i: Int, _ j: Int) {
      guard root(i) != root(j), let a = paths[i], let b = paths[j],
        StrokeContact.touch(a, b, within: touchDistance)
      else { return }
      parent[root(i)] = root(j)
    }
    // Strokes drawn one after another touch most often: joined first, they spare the tests of
    // the pairs below (strokes joined already need none), which are most pairs when many
    // strokes touch in a chain.
    for i in strokes.indices.dropLast() { join(i, i + 1) }
    for i in strokes.indices {
      for j in strokes.indices where j > i + 1 { join(i, j) }
    }
    var components: [Int: [Int]] = [:]
    for i in strokes.indices where paths[i] != nil { components[root(i), default: []].append(i) }
    var groups: [(strokes: [Int], reading: ShapeReading?)] = []
    for component in components.values.sorted(by: { $0[0] < $1[0] }) {
      guard component.count > 1, component.count <= maximumGroupSize else {
        groups += component.map { ([$0], nil) }
        continue
      }
      let together = reading(of: component.map { strokes[$0] }, strokes: component)
      // A named shape sure enough is kept whole however sure the strokes are apart: they are
      // read apart only when that can decide.
      if together.confidence >= minimumConfidence, together.isNamed {
        groups.append((component, together))
        continue
      }
      // Whether two of the strokes cross, asked only when they make no shape together.
      let inks = component.map { paths[$0]! }
      func crossing() -> Bool {
        inks.indices.contains { a in
          inks.indices[(a + 1)...].contains { b in StrokeContact.cross(inks[a], inks[b]) }
        }
      }
      // Crossing strokes that make no shape together are writing: one answer, none. Below the
      // minimum confidence together, that is so whatever their readings apart, which are then
      // not made.
      let sure = together.confidence >= minimumConfidence
      if !sure, crossing() {
        groups.append((component, together))
        continue
      }
      let apart = component.map { reading(ofStroke: $0, strokes, path: paths[$0]!) }
      let apartConfidence = apart.reduce(0) { $0 + $1.confidence } / Double(apart.count)
      if sure, together.confidence >= apartConfidence || crossing() {
        groups.append((component, together))
      } else {
        groups += zip(component, apart).map { ([$0], $1) }
      }
    }
    for dot in strokes.indices where paths[dot] == nil {
      let host = groups.indices.first { g in
        groups[g].strokes.contains {
          Self.reaches(strokes[dot], strokes[$0], within: touchDistance)
        }
      }
      if let host, isDot[dot] {
        groups[host].strokes.append(dot)
        groups[host].strokes.sort()
        groups[host].reading = nil
      } else {
        groups.append(([dot], nil))
      }
    }
    for g in groups.indices where groups[g].reading == nil && groups[g].strokes.count == 1 {
      let stroke = groups[g].strokes[0]
      if let path = paths[stroke] {
        groups[g].reading = reading(ofStroke: stroke, strokes, path: path)
      }
    }
    let segmented = wholeDrawing(strokes, groups: groups, isDot: isDot) ?? groups
    return segmented.sorted { $0.strokes[0] < $1.strokes[0] }
  }

  /// The drawing's groups with those that are not lone dots made one, when they are several,
  /// not all closed shapes, and chain into a closed one: a polygon whose sides are strokes with
  /// gaps wider than ``touchDistance`` of a side between them. The chain's pen-up jumps must
  /// each be within ``touchDistance`` of the drawing's diagonal, and its ends within
  /// ``ShapeClassifier/unfinishedGap`` of it (as a stroke's may be); when some of the groups are
  /// closed shapes, the reading together must also be at least as sure as the groups are on
  /// average. `nil` otherwise, and when a group a dot joined (so not yet read) is among them.
  private func wholeDrawing(
    _ strokes: [SampleBuffer], groups: [(strokes: [Int], reading: ShapeReading?)], isDot: [Bool]
  ) -> [(strokes: [Int], reading: ShapeReading?)]? {
    let isLoneDot = groups.map { $0.strokes.count == 1 && isDot[$0.strokes[0]] }
    let parts = groups.indices.filter { !isLoneDot[$0] }.map { groups[$0] }
    let members = parts.flatMap(\.strokes).sorted()
    guard parts.count > 1, members.count <= maximumGroupSize else { return nil }
    let readings = parts.compactMap(\.reading)
    let closed = readings.filter {
      ($0.candidate?.shape.kind.isClosed ?? false) && $0.confidence >= minimumConfidence
    }
    guard readings.count == parts.count, closed.count < readings.count else { return nil }
    // No dot is among the members: lone ones are left out, and a group a dot joined has no
    // reading yet, which ended the search above.
    let chained = StrokeContact.chained(members.map { strokes[$0] })
    guard let path = InkPath(strokes: chained),
      Self.largestJump(chained) <= touchDistance * path.diagonal,
      path.distance(0, path.count - 1) <= ShapeClassifier.unfinishedGap * path.diagonal
    else { return nil }
    let together = reading(ofChained: chained, path: path, strokes: members)
    let apart = readings.reduce(0) { $0 + $1.confidence } / Double(readings.count)
    guard let kind = together.candidate?.shape.kind, kind.isClosed,
      together.confidence >= minimumConfidence, closed.isEmpty || together.confidence >= apart
    else { return nil }
    return [(members, together)] + groups.indices.filter { isLoneDot[$0] }.map { groups[$0] }
  }

  /// The longest pen-up jump from one of `chained` strokes' end to the next one's start.
  private static func largestJump(_ chained: [SampleBuffer]) -> Double {
    zip(chained, chained.dropFirst()).reduce(0) { longest, pair in
      let (a, b) = pair
      return max(longest, hypot(b.xs[0] - a.xs[a.count - 1], b.ys[0] - a.ys[a.count - 1]))
    }
  }

  /// A stroke whose bounding-box diagonal is under this part of the largest stroke's of the
  /// drawing is a dot (a tap, a fleck): it joins the group of a stroke it comes within
  /// ``touchDistance`` of and is left out of the group's fits.
  public static let dotFraction = 0.05

  /// The diagonal of a stroke's bounding box (0 for none or one point).
  static func diagonal(_ stroke: SampleBuffer) -> Double {
    guard let minX = stroke.xs.min(), let maxX = stroke.xs.max(), let minY = stroke.ys.min(),
      let maxY = stroke.ys.max()
    else { return 0 }
    return hypot(maxX - minX, maxY - minY)
  }

  /// Whether some point of `dot` comes within `fraction` of the diagonal of `stroke` of one
  /// of its points.
  static func reaches(_ dot: SampleBuffer, _ stroke: SampleBuffer, within fraction: Double)
    -> Bool
  {
    let reach = fraction * diagonal(stroke)
    guard let x = dot.xs.first, let y = dot.ys.first else { return false }
    return zip(stroke.xs, stroke.ys).contains {
      (x - $0) * (x - $0) + (y - $1) * (y - $1) <= reach * reach
    }
  }

  /// The strokes of a group without its dots (``dotFraction`` of its largest stroke), or all of
  /// them when every one is a dot.
  static func withoutDots(_ samples: [SampleBuffer]) -> [SampleBuffer] {
    let largest = samples.map(diagonal).max() ?? 0
    let ink = samples.filter { diagonal($0) >= dotFraction * largest }
    return ink.isEmpty ? samples : ink
  }

  /// The best reading of a group, before the confidence threshold.
  func reading(of samples: [SampleBuffer], strokes: [Int]) -> ShapeReading {
    reading(ofChained: StrokeContact.chained(Self.withoutDots(samples)), strokes: strokes)
  }

  /// The reading of the one stroke `stroke` of `strokes`, which is no dot, on its `path`
  /// (a stroke alone is its own chain and has no dots to leave out).
  private func reading(ofStroke stroke: Int, _ strokes: [SampleBuffer], path: InkPath)
    -> ShapeReading
  {
    reading(ofChained: [strokes[stroke]], path: path, strokes: [stroke])
  }

  /// The best reading of a group's strokes chained, on their `path` when it is already made.
  private func reading(ofChained chained: [SampleBuffer], path: InkPath? = nil, strokes: [Int])
    -> ShapeReading
  {
    let ends = chained.flatMap { stroke -> [[Double]] in
      guard let first = stroke.xs.indices.first, let last = stroke.xs.indices.last else {
        return []
      }
      return [[stroke.xs[first], stroke.ys[first]], [stroke.xs[last], stroke.ys[last]]]
    }
    return ShapeReading(
      choosingFrom: candidates(ofChained: chained, path: path, leavingOutHopeless: true),
      strokes: strokes.sorted(),
      strokeEnds: ends)
  }

  /// Every reading of a group (its strokes chained), fits measured.
  func candidates(of samples: [SampleBuffer]) -> [ShapeCandidate] {
    candidates(ofChained: StrokeContact.chained(Self.withoutDots(samples)))
  }

  /// Every reading of a group's strokes chained (``StrokeContact/chained(_:)``, dots left out),
  /// on their `path` when it is already made; with `leavingOutHopeless`, the readings that can
  /// be chosen only (``ShapeClassifier/leavesOutHopeless``).
  private func candidates(
    ofChained chained: [SampleBuffer], path: InkPath? = nil, leavingOutHopeless: Bool = false
  ) -> [ShapeCandidate] {
    guard let path = path ?? InkPath(strokes: chained) else { return [] }
    var candidates = ShapeClassifier(path: path, leavesOutHopeless: leavingOutHopeless)
      .candidates()
    if chained.count == 2, let star = StarOfTriangles.reading(chained, path: path) {
      candidates.append(star)
    }
    return candidates
  }
}

extension ShapeRecognizer {
  /// Every candidate reading of every group, before the choice: its kind, confidence and the
  /// features the confidence is a logistic map of (for the calibration in `DuctusBench`, which
  /// fits the map on whether each candidate is of the right kind).
  package func calibrationReadings(
    inStrokes strokes: [SampleBuffer]
  ) -> [(kind: ShapeKind, confidence: Double, features: [Double])] {
    groups(of: strokes).flatMap { group in
      candidates(of: group.map { strokes[$0] }).map { candidate in
        (candidate.shape.kind, ShapeConfidence.of(candidate), ShapeConfidence.features(candidate))
      }
    }
  }
}

extension ShapeRecognizer {
  /// Every reading of a group, one line each, surest first: kind, confidence, fit and
  /// vertices (for `DuctusBench evaluate-shapes explain`).
  package func explanation(of samples: [SampleBuffer]) -> [String] {
    let chained = StrokeContact.chained(Self.withoutDots(samples))
    guard let path = InkPath(strokes: chained) else { return ["no ink"] }
    let corners = CornerFinder.iStraw(xs: path.xs, ys: path.ys, ts: path.ts)
    let short = CornerFinder.shortStraw(xs: path.xs, ys: path.ys)
    let header =
      "points \(path.count), closing \(path.closingIndex().map(String.init) ?? "-"), corners \(corners), shortStraw \(short)"
    return [header]
      + ShapeClassifier(path: path).candidates().sorted {
        ShapeConfidence.of($0) > ShapeConfidence.of($1)
      }.map { candidate in
        let fit = candidate.fit
        let vertices = (candidate.shape.vertices ?? []).map { v in
          "(" + v.map { String(format: "%.0f", $0) }.joined(separator: ",") + ")"
        }
        return String(
          format: "%@ confidence %.3f mean %.4f max %.4f coverage %.2f ",
          candidate.shape.kind.rawValue, ShapeConfidence.of(candidate), fit.meanDeviation,
          fit.maximumDeviation, fit.coverage)
          + (candidate.cornerEvidence.map {
            String(
              format: "evidence %.2f gap %.3f ", $0,
              ShapeClassifier(path: path).cornerGap(candidate))
          } ?? "")
          + vertices.joined(separator: " ")
      }
  }
}
