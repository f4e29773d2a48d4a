extension DTWGlobalConstraint {
  /// The Sakoe–Chiba band of `fraction` of the longer of two series of `count` and
  /// `otherCount` samples — radius `max(1, ⌈fraction · longer⌉)` — or no band for a fraction
  /// of 1 or more, as a matcher that sets its band a share of each pair's length uses it (and
  /// the barycentres it averages under the same band).
  public static func band(fraction: Double, count: Int, otherCount: Int) -> Self {
    let longer = Double(max(count, otherCount))
    return fraction < 1 ? .sakoeChiba(radius: max(1, Int((fraction * longer).rounded(.up)))) : .none
  }
}
