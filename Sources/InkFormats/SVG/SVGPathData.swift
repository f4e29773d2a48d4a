import Foundation

/// The geometry of an SVG `d` attribute (SVG 1.1, section 8.3 "Path data"), reduced to absolute
/// lines and cubic Bézier curves.
///
/// Every command is read: `M m L l H h V v C c S s Q q T t A a Z z`, with the grammar's
/// implicit repetitions (extra pairs after `M` are line-tos; `c` takes any number of triples),
/// numbers that run together (`1.5-2.3` is 1.5 and −2.3, `.5.5` is 0.5 and 0.5) and arc flags
/// without separators. Quadratic curves become the equivalent cubics exactly; elliptical arcs
/// become cubics of at most 45° each (the usual `4/3·tan(angle/4)` handles, radial error under
/// 5·10⁻⁶ of the radius) after the endpoint-to-centre conversion of SVG 1.1 appendix F.6.5,
/// with radii scaled up when too small.
///
/// ```swift
/// let path = try SVGPathData("M11,54.25c3.19,0.62,6.25,0.75,9.73,0.5")
/// path.subpaths[0].segments // [.cubic(…)]
/// ```
public struct SVGPathData: Hashable, Sendable {
  /// A piece of a subpath, from where the previous one ended.
  public enum Segment: Hashable, Sendable {
    /// A straight line to a point.
    case line(to: CGPoint)
    /// A cubic Bézier curve with two control points to an end point.
    case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
  }

  /// A run of segments from a move-to, as a pen would draw it without lifting.
  public struct Subpath: Hashable, Sendable {
    /// Where the subpath starts.
    public var start: CGPoint
    /// Its segments in order.
    public var segments: [Segment]
    /// Whether it ends with `Z` (the closing line, when not of zero length, is in `segments`).
    public var isClosed: Bool

    /// Creates a subpath.
    public init(start: CGPoint, segments: [Segment] = [], isClosed: Bool = false) {
      self.start = start
      self.segments = segments
      self.isClosed = isClosed
    }
  }

  /// The subpaths in drawing order.
  public var subpaths: [Subpath]

  /// Parses path data. Errors are `InkFormatError`s of kind `.malformed` whose offset is the
  /// byte of the path data where reading stopped.
  public init(_ text: String) throws {
    var parser = Parser(bytes: Array(text.utf8))
    try parser.run()
    subpaths = parser.subpaths
  }

  /// The path data parser's state.
  private struct Parser {
    var scanner: NumberScanner
    var subpaths: [Subpath] = []
    var current = CGPoint.zero
    var subpathStart = CGPoint.zero
    /// The reflection point for `S`/`s` (cubic) and `T`/`t` (quadratic), when the previous
    /// command was of the same family.
    var lastCubicControl: CGPoint?
    var lastQuadraticControl: CGPoint?

    init(bytes: [UInt8]) {
      scanner = NumberScanner(bytes, range: 0..<bytes.count)
    }

    mutating func run() throws {
      var command: UInt8?
      while !scanner.isAtEnd {
        scanner.skipWhiteSpace()
        if let byte = scanner.peek, Self.isCommand(byte) {
          if subpaths.isEmpty, byte | 0x20 != UInt8(ascii: "m") {
            throw failure("path data must start with a move-to (M or m)")
          }
          command = byte
          scanner.position += 1
        } else if command == nil {
          throw failure("path data must start with a move-to (M or m)")
        } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
          throw failure("a number after Z")
        }
        guard let letter = command else { break }
        try apply(letter)
        // After a move-to, further coordinate pairs are implicit line-tos.
        if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
        if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
      }
    }

    mutating func apply(_ letter: UInt8) throws {
      let relative = letter >= UInt8(ascii: "a")
      let origin = relative ? current : .zero
      func point() throws -> CGPoint {
        let x = try number()
        let y = try number()
        return CGPoint(x: origin.x + x, y: origin.y + y)
      }
      var cubicControl: CGPoint?
      var quadraticControl: CGPoint?
      switch letter | 0x20 {
      case UInt8(ascii: "m"):
        let target = try point()
        subpaths.append(Subpath(start: target))
        current = target
        subpathStart = target
      case UInt8(ascii: "l"):
        try line(to: point())
      case UInt8(ascii: "h"):
        try line(to: CGPoint(x: origin.x + number(), y: current.y))
      case UInt8(ascii: "v"):
        try line(to: CGPoint(x: current.x, y: origin.y + number()))
      case UInt8(ascii: "c"):
        let c1 = try point()
        let c2 = try point()
        try cubic(c1, c2, point())
        cubicControl = c2
      case UInt8(ascii: "s"):
        let c1 = reflected(lastCubicControl)
        let c2 = try point()
        try cubic(c1, c2, point())
        cubicControl = c2
      case UInt8(ascii: "q"):
        let control = try point()
        try quadratic(control, point())
        quadraticControl = control
      case UInt8(ascii: "t"):
        let control = reflected(lastQuadraticControl)
        try quadratic(control, point())
        quadraticControl = control
      case UInt8(ascii: "a"):
        let rx = try number()
        let ry = try number()
        let rotation = try number()
        guard let large = scanner.flag(), let sweep = scanner.flag() else {
          throw failure("an arc flag must be 0 or 1")
        }
        try arc(
          rx: abs(rx), ry: abs(ry), rotation: rotation * .pi / 180, large: large, sweep: sweep,
          to: point())
      default:  // z
        if current != subpathStart {
          subpaths[subpaths.count - 1].segments.append(.line(to: subpathStart))
        }
        subpaths[subpaths.count - 1].isClosed = true
        current = subpathStart
      }
      lastCubicControl = cubicControl
      lastQuadraticControl = quadraticControl
    }

    mutating func number() throws -> Double {
      let start = scanner
      guard let value = scanner.number() else { throw failure("a number is missing") }
      guard value.isFinite else {
        scanner = start
        throw failure("a number is out of range")
      }
      return value
    }

    func reflected(_ control: CGPoint?) -> CGPoint {
      guard let control else { return current }
      return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    mutating func append(_ segment: Segment, to end: CGPoint) {
      // A drawing command after Z starts a new subpath at the closed one's start.
      if subpaths[subpaths.count - 1].isClosed { subpaths.append(Subpath(start: subpathStart)) }
      subpaths[subpaths.count - 1].segments.append(segment)
      current = end
    }

    mutating func line(to end: CGPoint) throws { append(.line(to: end), to: end) }

    mutating func cubic(_ c1: CGPoint, _ c2: CGPoint, _ end: CGPoint) throws {
      append(.cubic(control1: c1, control2: c2, to: end), to: end)
    }

    mutating func quadratic(_ control: CGPoint, _ end: CGPoint) throws {
      let start = current
      let c1 = CGPoint(
        x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
      let c2 = CGPoint(
        x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
      try cubic(c1, c2, end)
    }

    mutating func arc(
      rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool, to end: CGPoint
    ) throws {
      let start = current
      guard start != end else { return }
      guard rx > 0, ry > 0 else { return try line(to: end) }
      let cosPhi = cos(rotation)
      let sinPhi = sin(rotation)
      // F.6.5.1: the start point in the ellipse's frame, centred between the end points.
      let dx = (start.x - end.x) / 2
      let dy = (start.y - end.y) / 2
      let x1 = cosPhi * dx + sinPhi * dy
      let y1 = -sinPhi * dx + cosPhi * dy
      // F.6.6: radii too small for the end points grow until they just fit, which puts the
      // centre midway between them (the radicand of F.6.5.2 is then zero; it is set so rather
      // than left to rounding, which would tip the sweep off π).
      var rx = rx
      var ry = ry
      var factor = 0.0
      let scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
      if scale >= 1 {
        rx *= scale.squareRoot()
        ry *= scale.squareRoot()
      } else {
        // F.6.5.2: the centre in the ellipse's frame.
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        factor = (max(0, numerator) / denominator).squareRoot()
      }
      if large == sweep { factor = -factor }
      let cx1 = factor * rx * y1 / ry
      let cy1 = -factor * ry * x1 / rx
      // F.6.5.3: the centre, and the start angle and sweep.
      let cx = cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2
      let cy = sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2
      let startAngle = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
      var sweepAngle = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle
      if sweep, sweepAngle < 0 { sweepAngle += 2 * .pi }
      if !sweep, sweepAngle > 0 { sweepAngle -= 2 * .pi }
      // A half ellipse sweeps π give or take rounding: four pieces, not five.
      let pieces = max(1, Int((abs(sweepAngle) / (.pi / 4) - 1e-9).rounded(.up)))
      let step = sweepAngle / Double(pieces)
      let handle = 4 / 3 * tan(step / 4)
      func onEllipse(_ angle: Double) -> (point: CGPoint, tangent: CGPoint) {
        let (c, s) = (cos(angle), sin(angle))
        return (
          CGPoint(
            x: cx + rx * c * cosPhi - ry * s * sinPhi, y: cy + rx * c * sinPhi + ry * s * cosPhi),
          CGPoint(x: -rx * s * cosPhi - ry * c * sinPhi, y: -rx * s * sinPhi + ry * c * cosPhi)
        )
      }
      var angle = startAngle
      for piece in 0..<pieces {
        let a = onEllipse(angle)
        let b = onEllipse(angle + step)
        let target = piece == pieces - 1 ? end : b.point
        try cubic(
          CGPoint(x: a.point.x + handle * a.tangent.x, y: a.point.y + handle * a.tangent.y),
          CGPoint(x: b.point.x - handle * b.tangent.x, y: b.point.y - handle * b.tangent.y),
          target)
        angle += step
      }
    }

    func failure(_ message: String) -> InkFormatError {
      InkFormatError(.malformed, "path data: \(message)", offset: scanner.position)
    }

    static func isCommand(_ byte: UInt8) -> Bool {
      switch byte | 0x20 {
      case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
        UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
        UInt8(ascii: "a"), UInt8(ascii: "z"):
        return byte >= UInt8(ascii: "A")
      default: return false
      }
    }
  }
}
