import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A mistake a synthetic attempt makes on purpose, and the code a tracing report should give
/// for it.
///
/// Written on the command line as `name` or `name:value` (`reversed:2`, `wobble:0.3`,
/// `offset:0.2,0`); stroke numbers are 1-based as children count them.
public enum TraceDefect: Hashable, Sendable, CustomStringConvertible {
  /// Stroke `n` drawn end to start.
  case reversed(stroke: Int)
  /// Stroke `n` left out.
  case missing(stroke: Int)
  /// Stroke `n` drawn after stroke `n + 1`.
  case wrongOrder(stroke: Int)
  /// A tremor on every stroke: sideways waves of `amount × 0.05` box heights.
  case wobble(amount: Double)
  /// Everything moved by `(dx, dy)` box heights.
  case offset(dx: Double, dy: Double)
  /// Stroke `n` stops at 55% of its length.
  case tooShort(stroke: Int)
  /// Stroke `n` runs on 60% past its end.
  case tooLong(stroke: Int)
  /// Stroke `n` starts 0.25 box heights away from its start (a lead-in from elsewhere).
  case badStart(stroke: Int)
  /// Stroke `n` bent into an S (30% of its length sideways, at most 0.18 box heights).
  case shape(stroke: Int)
  /// A stroke that is not in the template.
  case extra
  /// Stroke `n` drawn in two pieces with a pen lift.
  case split(stroke: Int)
  /// The hook at the end of stroke `n` left off.
  case hookMissing(stroke: Int)
  /// Strokes `n` and `n + 1` drawn in one go: the pen goes on from the end of the one to the
  /// start of the other without a lift.
  case joined(stroke: Int)
  /// A dot where stroke `n` should be: the pen put down at its start and lifted at once.
  case dot(stroke: Int)

  /// The code a report should give the affected stroke.
  public var expectedCode: TracingCode {
    switch self {
    case .reversed: .reversed
    case .missing: .missing
    case .wrongOrder: .wrongOrder
    case .wobble: .wobbly
    case .offset: .outOfBounds
    case .tooShort: .tooShort
    case .tooLong: .tooLong
    case .badStart: .badStart
    case .shape: .shape
    case .extra: .extra
    case .split: .split
    case .hookMissing: .hookMissing
    case .joined: .joined
    case .dot: .tooShort
    }
  }

  /// The codes the affected stroke (every stroke, for `wobble` and `offset`; the letter's
  /// strokes, for `extra`) must not get: they would tell the child something the defect is not.
  /// A stroke drawn backwards on its line loses the direction marks, not the shape marks; a
  /// stroke that stops short is never told to stop at the end. The article's "Defect → codes"
  /// table lists them with the codes that may accompany the expected one.
  public var forbiddenCodes: Set<TracingCode> {
    switch self {
    case .reversed: [.shape, .offPath, .tooShort, .tooLong, .badStart, .badEnd, .missing]
    case .missing: [.joined]
    case .wrongOrder: [.reversed, .missing, .shape, .offPath]
    case .wobble: [.reversed, .missing, .tooShort, .tooLong, .extra]
    case .offset: [.reversed, .wrongOrder]
    case .tooShort, .dot: [.badEnd, .tooLong, .reversed, .missing]
    case .tooLong: [.tooShort, .badEnd, .reversed, .missing]
    case .badStart: [.reversed, .tooShort, .missing]
    case .shape: [.reversed, .missing]
    case .extra: [.missing]
    case .split: [.joined, .missing, .extra, .reversed, .tooShort]
    case .hookMissing: [.badEnd, .reversed, .tooLong, .missing]
    case .joined: [.missing, .extra, .reversed]
    }
  }

  /// The template stroke (0-based) the defect touches, `nil` for whole-drawing defects.
  public var strokeIndex: Int? {
    switch self {
    case .reversed(let n), .missing(let n), .wrongOrder(let n), .tooShort(let n), .tooLong(let n),
      .badStart(let n), .shape(let n), .split(let n), .hookMissing(let n), .joined(let n),
      .dot(let n):
      n - 1
    case .wobble, .offset, .extra: nil
    }
  }

  /// Why the defect cannot be made on a template, or `nil` when it can: a stroke the template
  /// does not have, `wrong_order` or `joined` on the last stroke (there is no next stroke to
  /// swap or join with), `hook_missing` on a stroke without a hook. ``TraceSynthesizer`` leaves such defects out.
  public func inapplicability(to template: TracingTemplate) -> String? {
    let count = template.strokes.count
    guard let index = strokeIndex else { return nil }
    guard index < count else {
      return "\(self): \(template.name) has \(count) stroke\(count == 1 ? "" : "s")"
    }
    switch self {
    case .wrongOrder where index == count - 1:
      return
        "\(self): stroke \(index + 1) is the last of \(template.name), with none after it to swap"
    case .joined where index == count - 1:
      return
        "\(self): stroke \(index + 1) is the last of \(template.name), with none after it to join"
    case .hookMissing where !template.strokes[index].hasHook:
      return "\(self): stroke \(index + 1) of \(template.name) has no hook"
    default:
      return nil
    }
  }

  /// The defect as written on the command line.
  public var description: String {
    switch self {
    case .reversed(let n): "reversed:\(n)"
    case .missing(let n): "missing:\(n)"
    case .wrongOrder(let n): "wrong_order:\(n)"
    case .wobble(let amount): "wobble:\(amount)"
    case .offset(let dx, let dy): "offset:\(dx),\(dy)"
    case .tooShort(let n): "too_short:\(n)"
    case .tooLong(let n): "too_long:\(n)"
    case .badStart(let n): "bad_start:\(n)"
    case .shape(let n): "shape:\(n)"
    case .extra: "extra"
    case .split(let n): "split:\(n)"
    case .hookMissing(let n): "hook_missing:\(n)"
    case .joined(let n): "joined:\(n)"
    case .dot(let n): "dot:\(n)"
    }
  }

  /// Parses `name[:value]`; a stroke number defaults to 1, a wobble to 0.3, an offset to 0.3,0.
  public init?(_ text: String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    let value = parts.count > 1 ? parts[1] : nil
    let stroke = value.flatMap(Int.init) ?? 1
    if value != nil, name != "wobble", name != "offset", Int(value!) == nil || stroke < 1 {
      return nil
    }
    switch name {
    case "reversed": self = .reversed(stroke: stroke)
    case "missing": self = .missing(stroke: stroke)
    case "wrong_order": self = .wrongOrder(stroke: stroke)
    case "too_short": self = .tooShort(stroke: stroke)
    case "too_long": self = .tooLong(stroke: stroke)
    case "bad_start": self = .badStart(stroke: stroke)
    case "shape": self = .shape(stroke: stroke)
    case "split": self = .split(stroke: stroke)
    case "hook_missing": self = .hookMissing(stroke: stroke)
    case "joined": self = .joined(stroke: stroke)
    case "dot": self = .dot(stroke: stroke)
    case "extra": self = .extra
    case "wobble":
      guard let amount = Double(value ?? "0.3"), amount > 0, amount.isFinite else { return nil }
      self = .wobble(amount: amount)
    case "offset":
      let numbers = (value ?? "0.3,0").split(separator: ",").compactMap { Double($0) }
      guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else { return nil }
      self = .offset(dx: numbers[0], dy: numbers[1])
    default: return nil
    }
  }

  /// Parses a comma-free list such as `reversed:2,missing:3,wobble:0.3` (offsets take
  /// `offset:dx,dy`, so an item that is a bare number continues the offset before it).
  public static func parseList(_ text: String) -> [TraceDefect]? {
    var items: [String] = []
    for piece in text.split(separator: ",").map(String.init) {
      if Double(piece) != nil, let last = items.last, last.hasPrefix("offset:") {
        items[items.count - 1] += "," + piece
      } else {
        items.append(piece)
      }
    }
    let defects = items.compactMap(TraceDefect.init)
    return defects.count == items.count ? defects : nil
  }
}
