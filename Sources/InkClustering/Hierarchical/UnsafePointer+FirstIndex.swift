extension UnsafePointer<Double> {
  /// The first index among the `count` doubles from here that holds `value` (`==`, so `-0.0`
  /// finds `+0.0`), eight at a time; `value` must be among them.
  @inline(__always)
  func firstIndex(ofPresent value: Double, count: Int) -> Int {
    let target = SIMD8<Double>(repeating: value)
    var start = 0
    while start + 8 <= count {
      let hits = UnsafeRawPointer(self + start).loadUnaligned(as: SIMD8<Double>.self) .== target
      if any(hits) {
        for lane in 0..<8 where hits[lane] { return start + lane }
      }
      start += 8
    }
    while self[start] != value { start += 1 }
    return start
  }
}
