/// A value the Lance–Williams updates (``LanceWilliams``) compute on: one distance (`Double`) or
/// eight at once (`SIMD8<Double>`), with the same operations lane by lane.
protocol LanceWilliamsOperand {
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  static func * (lhs: Self, rhs: Self) -> Self
  static func / (lhs: Self, rhs: Self) -> Self
  /// `Swift.min(a, b)`, lane by lane: `b` where `b < a`, else `a` (so a NaN `a` stays).
  static func lesser(_ a: Self, _ b: Self) -> Self
  /// `Swift.max(a, b)`, lane by lane: `b` where `b ≥ a`, else `a` (so a NaN `a` stays).
  static func greater(_ a: Self, _ b: Self) -> Self
}

extension Double: LanceWilliamsOperand {
  @inline(__always) static func lesser(_ a: Double, _ b: Double) -> Double { Swift.min(a, b) }
  @inline(__always) static func greater(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }
}

extension SIMD8<Double>: LanceWilliamsOperand {
  @inline(__always) static func lesser(_ a: Self, _ b: Self) -> Self {
    a.replacing(with: b, where: b .< a)
  }
  @inline(__always) static func greater(_ a: Self, _ b: Self) -> Self {
    a.replacing(with: b, where: b .>= a)
  }
}
