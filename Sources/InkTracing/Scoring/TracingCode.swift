import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// What a tracing report can say about a stroke, as a stable code an app can switch on and
/// translate, with a short English message a child or teacher can act on.
public enum TracingCode: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
  /// The stroke is traced well.
  case ok
  /// A stroke of the template was not drawn.
  case missing
  /// A stroke was drawn that the template does not have.
  case extra
  /// The stroke was drawn out of turn.
  case wrongOrder = "wrong_order"
  /// The stroke was drawn from its end to its start.
  case reversed
  /// The stroke starts away from where it should.
  case badStart = "bad_start"
  /// The stroke ends away from where it should.
  case badEnd = "bad_end"
  /// The stroke's shape differs from the template's.
  case shape
  /// The stroke is much shorter than the template's.
  case tooShort = "too_short"
  /// The stroke is much longer than the template's.
  case tooLong = "too_long"
  /// Part of the stroke leaves the writing box.
  case outOfBounds = "out_of_bounds"
  /// The line shakes: small back-and-forth wiggles along the stroke.
  case wobbly
  /// The hook at the end of the stroke is missing.
  case hookMissing = "hook_missing"
  /// The stroke strays from the template's line.
  case offPath = "off_path"
  /// The stroke misses a place it should pass through.
  case checkpointMissed = "checkpoint_missed"
  /// The pen was lifted in the middle of the stroke (drawn in pieces).
  case split
  /// The stroke was drawn in one go with another stroke instead of on its own.
  case joined

  /// A short message for the child, in English (``TracingMessageCatalog/english``); the
  /// catalogs have it in other languages, and apps may translate by code.
  public var message: String { TracingMessageCatalog.english.message(self) }

  /// Whether the code is a serious error (the stroke does not count as traced) rather than a
  /// hint for improvement.
  public var isMajor: Bool {
    switch self {
    case .missing, .extra, .reversed, .shape, .offPath, .tooShort: true
    default: false
    }
  }

  /// The codes this one makes redundant or contradictory on the same stroke, which the report
  /// drops: a stroke that stops short is `too_short`, not also `bad_end` ("Keep going" and
  /// "Stop at the end" cannot both be the advice); a reversed stroke's ends are told by the
  /// arrow, not by `bad_start`/`bad_end`; a stroke drawn in one go with another is `joined`,
  /// not also `split`.
  public var supersedes: Set<TracingCode> {
    switch self {
    case .missing: Set(Self.allCases).subtracting([self])
    case .reversed: [.badStart, .badEnd]
    case .tooShort: [.badEnd, .tooLong]
    case .tooLong, .hookMissing: [.badEnd]
    case .joined: [.split]
    default: []
    }
  }

  /// A stroke's codes with the superseded ones dropped, sorted, `ok` alone when none is left.
  public static func reconciled<Codes: Sequence<TracingCode>>(_ codes: Codes) -> [TracingCode] {
    var set = Set(codes).subtracting([.ok])
    let dropped = set.reduce(into: Set<TracingCode>()) { $0.formUnion($1.supersedes) }
    set.subtract(dropped)
    return set.isEmpty ? [.ok] : set.sorted()
  }

  /// Codes sort in declaration order, so reports list them the same way every time.
  public static func < (lhs: TracingCode, rhs: TracingCode) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
