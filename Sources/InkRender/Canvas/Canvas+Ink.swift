import CCairo
import Foundation
import OpenPencilKit

/// Strokes drawn with their inks.
///
/// A stroke is sampled along its B-spline (`interpolatedPoints(in:by: .distance(…))`) one
/// pixel apart, over the segments that can reach the picture, and each sample gets a width and
/// an opacity from its ink's ``InkRenderingRule``. The mark is the union of round-ended
/// segments between successive samples: for each pair, the convex hull of the two discs (two
/// arcs joined by the outer tangents). Filling all the hulls as one path by the non-zero rule
/// paints the union exactly once, so joins show neither beads nor gaps however sharply the
/// stroke turns, and a translucent ink does not darken where the stroke crosses itself. A run
/// of constant width is stroked as a round-joined polyline instead (the same union, far fewer
/// path elements), and a chisel nib as a polyline stroked with an elliptical pen. Where the
/// opacity changes along the stroke, runs of equal opacity (in steps of 1/64) are painted into
/// a group, each run replacing what it overlaps, and the group is laid on the picture once,
/// through the ink's grain when it has one.
extension Canvas {
  /// Pixels between successive samples of a stroke's spline.
  static let sampleSpacing: CGFloat = 1
  /// The most samples one stroke is cut into; longer strokes are sampled more coarsely.
  static let maximumSamplesPerStroke: CGFloat = 20_000
  /// The opacity steps runs are cut at.
  static let opacityLevels: CGFloat = 64

  /// Draws every stroke of a drawing, back to front.
  public func draw(_ drawing: PKDrawing) {
    for stroke in drawing.strokes { draw(stroke) }
  }

  /// Draws a stroke with its ink, through its transform and clipped to its mask.
  ///
  /// A stroke whose transform cannot be inverted, whose mask has no area, or whose points are
  /// not finite paints nothing (for the points, nothing where they are not finite).
  public func draw(_ stroke: PKStroke) {
    let transform = stroke.transform
    let determinant = transform.a * transform.d - transform.b * transform.c
    guard !stroke.path.isEmpty, determinant.isFinite, abs(determinant) > 1e-12,
      transform.tx.isFinite, transform.ty.isFinite
    else { return }
    if let mask = stroke.mask, mask.isEmpty { return }
    let rule = InkRenderingRule(stroke.ink.inkType)
    let pieces = inkSamples(
      of: stroke.path, rule: rule, transform: transform,
      pixelsPerUnit: scale * sqrt(abs(determinant)))
    guard let deviceBox = deviceBox(of: pieces.joined(), transform: transform) else { return }

    cairo_save(context)
    defer { cairo_restore(context) }
    var drawingMatrix = cairo_matrix_t()
    cairo_get_matrix(context, &drawingMatrix)
    // A pixel-aligned clip around the ink keeps groups small and their edges off the ink.
    cairo_identity_matrix(context)
    cairo_rectangle(context, deviceBox.minX, deviceBox.minY, deviceBox.width, deviceBox.height)
    cairo_clip(context)
    cairo_set_matrix(context, &drawingMatrix)
    var strokeMatrix = cairo_matrix_t(
      xx: Double(transform.a), yx: Double(transform.b), xy: Double(transform.c),
      yy: Double(transform.d), x0: Double(transform.tx), y0: Double(transform.ty))
    cairo_transform(context, &strokeMatrix)
    if let mask = stroke.mask { clip(to: mask) }

    let runs = pieces.map { opacityRuns(of: $0) }
    // SVG 1.1 has no multiply: Cairo would turn the whole page into an image, so SVG lays
    // multiplying inks over instead.
    let multiplies = rule.compositing == .multiply && format != .svg
    let blend = multiplies ? CAIRO_OPERATOR_MULTIPLY : CAIRO_OPERATOR_OVER
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    let grouped = runs.joined().count > 1 || rule.grain != nil
    if grouped {
      cairo_push_group(context)
      cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    } else {
      cairo_set_operator(context, blend)
    }
    for (samples, pieceRuns) in zip(pieces, runs) {
      for run in pieceRuns {
        cairo_new_path(context)
        setSource(stroke.ink.color, alphaScale: run.opacity)
        paintRun(samples[run.samples], nib: rule.nib)
      }
    }
    guard grouped else { return }
    cairo_pop_group_to_source(context)
    cairo_set_operator(context, blend)
    if let grain = rule.grain, let pattern = makeGrainPattern(grain, seed: stroke.randomSeed) {
      cairo_identity_matrix(context)
      cairo_mask(context, pattern)
      cairo_pattern_destroy(pattern)
    } else {
      cairo_paint(context)
    }
  }

  /// The stroke's samples, one pixel apart on the picture, with their widths and opacities:
  /// one piece for each run of spline segments that can reach the picture.
  func inkSamples(
    of path: PKStrokePath, rule: InkRenderingRule, transform: CGAffineTransform,
    pixelsPerUnit: CGFloat
  ) -> [[InkSample]] {
    let minimumRadius = minimumInkWidth / 2 / pixelsPerUnit
    // How far ink may reach from the spline: half the widest footprint of any control point,
    // with half again for attributes interpolated between them, and two pixels to spare.
    let reach = max(0.75 * rule.widestMark(of: path), minimumRadius) + 2 / pixelsPerUnit
    let ranges = visibleRanges(of: path, transform: transform, reach: reach)
    var visibleLength: CGFloat = 0
    for range in ranges {
      for segment in Int(range.lowerBound)..<Int(range.upperBound) {
        let a = path[segment].location
        let b = path[segment + 1].location
        let chord = hypot(b.x - a.x, b.y - a.y)
        if chord.isFinite { visibleLength += chord }
      }
    }
    let spacing = max(
      Self.sampleSpacing / pixelsPerUnit, visibleLength / Self.maximumSamplesPerStroke)
    guard spacing.isFinite, spacing > 0 else { return [] }
    return ranges.map { range in
      let points = path.interpolatedPoints(in: range, by: .distance(spacing)).filter {
        $0.location.isFinite
      }
      var samples: [InkSample] = []
      samples.reserveCapacity(points.count)
      for index in points.indices {
        let previous = points[max(index - 1, 0)].location
        let next = points[min(index + 1, points.count - 1)].location
        let heading = points.count > 1 ? atan2(next.y - previous.y, next.x - previous.x) : nil
        let mark = rule.footprint(of: points[index], heading: heading)
        let radius = rule.nibReach(of: points[index]) ?? mark.width / 2
        guard radius.isFinite, mark.opacity.isFinite else { continue }
        samples.append(
          InkSample(
            location: points[index].location, radius: max(radius, minimumRadius),
            opacity: mark.opacity))
      }
      return samples
    }.filter { !$0.isEmpty }
  }

  /// The parametric ranges of the path whose segments can put ink on the picture: a uniform
  /// cubic B-spline segment lies in the convex hull of its four control points (the phantom
  /// end points included), so a segment whose hull's box, widened by `reach`, misses the
  /// picture's rectangle (mapped back to the stroke's coordinates) cannot paint on it.
  func visibleRanges(of path: PKStrokePath, transform: CGAffineTransform, reach: CGFloat)
    -> [ClosedRange<CGFloat>]
  {
    let view = region.applying(transform.inverted())
    guard path.count > 1 else { return [0...0] }
    func control(_ index: Int) -> CGPoint {
      let last = path.count - 1
      if index < 0 { return reflect(path[0].location, path[1].location) }
      if index > last { return reflect(path[last].location, path[last - 1].location) }
      return path[index].location
    }
    func reflect(_ end: CGPoint, _ neighbour: CGPoint) -> CGPoint {
      CGPoint(x: 2 * end.x - neighbour.x, y: 2 * end.y - neighbour.y)
    }
    var ranges: [ClosedRange<CGFloat>] = []
    var start: Int?
    for segment in 0..<path.count - 1 {
      let hull = (segment - 1...segment + 2).reduce(CGRect.null) {
        $0.union(CGRect(origin: control($1), size: .zero))
      }
      if hull.insetBy(dx: -reach, dy: -reach).intersects(view) {
        if start == nil { start = segment }
      } else if let first = start {
        ranges.append(CGFloat(first)...CGFloat(segment))
        start = nil
      }
    }
    if let first = start { ranges.append(CGFloat(first)...CGFloat(path.count - 1)) }
    return ranges
  }

  /// The whole pixels the samples' marks cover on the picture, with a pixel to spare for
  /// antialiasing; `nil` when they are off the picture or have no width.
  func deviceBox<S: Sequence<InkSample>>(of samples: S, transform: CGAffineTransform)
    -> CGRect?
  {
    var box = CGRect.null
    for sample in samples where sample.radius > 0 {
      let r = sample.radius
      box = box.union(
        CGRect(x: sample.location.x - r, y: sample.location.y - r, width: 2 * r, height: 2 * r))
    }
    guard !box.isNull else { return nil }
    let onDrawing = box.applying(transform)
    let x0 = max(((onDrawing.minX - region.minX) * scale).rounded(.down) - 1, 0)
    let y0 = max(((onDrawing.minY - region.minY) * scale).rounded(.down) - 1, 0)
    let x1 = min(((onDrawing.maxX - region.minX) * scale).rounded(.up) + 1, CGFloat(pixelWidth))
    let y1 = min(((onDrawing.maxY - region.minY) * scale).rounded(.up) + 1, CGFloat(pixelHeight))
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
    return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Runs of segments whose opacity rounds to the same 1/64 step; a lone sample is one run.
  func opacityRuns(of samples: [InkSample]) -> [(samples: Range<Int>, opacity: CGFloat)] {
    func level(_ opacity: CGFloat) -> CGFloat {
      (opacity * Self.opacityLevels).rounded() / Self.opacityLevels
    }
    guard samples.count > 1 else {
      return samples.isEmpty ? [] : [(0..<1, level(samples[0].opacity))]
    }
    var runs: [(samples: Range<Int>, opacity: CGFloat)] = []
    var start = 0
    var current = level((samples[0].opacity + samples[1].opacity) / 2)
    for segment in 1..<samples.count - 1 {
      let next = level((samples[segment].opacity + samples[segment + 1].opacity) / 2)
      if next != current {
        runs.append((start..<segment + 1, current))
        start = segment
        current = next
      }
    }
    runs.append((start..<samples.count, current))
    return runs
  }

  /// Paints a run of samples of one opacity. A run of one width is the polyline stroked with
  /// round caps and joins, which is the same union of discs in far fewer path elements (and
  /// much smaller PDF and SVG files); a run of varying width is filled from its segment hulls.
  /// An elliptical nib strokes the polyline with an elliptical pen (Cairo's line width is
  /// measured in the user space current when stroking, so a scaled space makes the pen an
  /// ellipse) whose longer semi-axis is the run's largest sample radius.
  func paintRun(_ run: ArraySlice<InkSample>, nib: InkNib) {
    guard let first = run.first else { return }
    if case .ellipse(let width, let height) = nib {
      let reach = run.reduce(0) { max($0, $1.radius) }
      let major = max(width, height)
      let (sx, sy) = (Double(reach * width / major), Double(reach * height / major))
      guard sx.isFinite, sy.isFinite, sx > 0, sy > 0 else { return }
      addPolyline(run)
      var matrix = cairo_matrix_t()
      cairo_get_matrix(context, &matrix)
      cairo_scale(context, sx, sy)
      cairo_set_line_width(context, 2)
      cairo_stroke(context)
      cairo_set_matrix(context, &matrix)
      return
    }
    guard run.count > 1, first.radius > 0, run.allSatisfy({ $0.radius == first.radius }) else {
      addSegmentHulls(of: run)
      cairo_fill(context)
      return
    }
    addPolyline(run)
    cairo_set_line_width(context, Double(2 * first.radius))
    cairo_stroke(context)
  }

  /// Adds the polyline through the samples; a lone sample is a zero-length line, which round
  /// caps turn into a dot.
  func addPolyline(_ run: ArraySlice<InkSample>) {
    guard let first = run.first else { return }
    cairo_move_to(context, Double(first.location.x), Double(first.location.y))
    for sample in run.count > 1 ? run.dropFirst() : run {
      cairo_line_to(context, Double(sample.location.x), Double(sample.location.y))
    }
  }

  /// Adds, for each pair of successive samples, the convex hull of their discs as a sub-path
  /// turning the same way as every other, so that the non-zero rule fills their union.
  func addSegmentHulls(of samples: ArraySlice<InkSample>) {
    guard let first = samples.first else { return }
    if samples.count == 1 { addDisc(first) }
    for (a, b) in zip(samples, samples.dropFirst()) {
      let dx = Double(b.location.x - a.location.x)
      let dy = Double(b.location.y - a.location.y)
      let distance = hypot(dx, dy)
      let r0 = Double(a.radius)
      let r1 = Double(b.radius)
      guard r0 > 0 || r1 > 0 else { continue }
      // One disc inside the other: the hull is the larger disc.
      guard distance > abs(r0 - r1) else {
        addDisc(r0 >= r1 ? a : b)
        continue
      }
      let heading = atan2(dy, dx)
      // The outer tangents touch both discs at heading ± φ.
      let phi = acos((r0 - r1) / distance)
      cairo_new_sub_path(context)
      cairo_arc(
        context, Double(a.location.x), Double(a.location.y), r0, heading + phi,
        heading + 2 * .pi - phi)
      cairo_arc(
        context, Double(b.location.x), Double(b.location.y), r1, heading - phi, heading + phi)
      cairo_close_path(context)
    }
  }

  func addDisc(_ sample: InkSample) {
    guard sample.radius > 0 else { return }
    cairo_new_sub_path(context)
    cairo_arc(
      context, Double(sample.location.x), Double(sample.location.y), Double(sample.radius), 0,
      2 * .pi)
    cairo_close_path(context)
  }

  /// Clips to a stroke's mask polygons (even-odd), in the stroke's coordinates.
  func clip(to mask: PKBezierPath) {
    cairo_new_path(context)
    for polygon in mask.polygons where polygon.count >= 3 && polygon.allSatisfy(\.isFinite) {
      cairo_move_to(context, Double(polygon[0].x), Double(polygon[0].y))
      for vertex in polygon.dropFirst() {
        cairo_line_to(context, Double(vertex.x), Double(vertex.y))
      }
      cairo_close_path(context)
    }
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(context)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
  }
}
