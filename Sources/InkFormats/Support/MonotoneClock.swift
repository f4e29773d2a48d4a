/// Turns a tablet's sample timestamps into times that always move forward.
///
/// Tablet drivers sometimes stamp a sample with the same time as the one before, or with an
/// earlier time, while sampling goes on at its fixed rate (in SVC2004 a step of 0 or −9 ms sits
/// between steps of 10 ms, and the steps after it are 10 ms again). Each such step is read as a
/// reset of the clock: it is replaced by the nominal sampling step (the median of the positive
/// steps) and every later timestamp is moved by the same correction, so that the intervals after
/// the glitch stay as recorded. Steps that go forward are kept as they are, pauses included.
struct MonotoneClock {
  /// Seconds from the first sample, strictly increasing.
  let seconds: [Double]
  /// How many steps were corrected.
  let corrections: Int

  /// Corrects timestamps given in `unitsPerSecond` (1000 for milliseconds); they must be finite.
  init(timestamps: [Double], unitsPerSecond: Double) {
    guard let first = timestamps.first else {
      seconds = []
      corrections = 0
      return
    }
    let steps = zip(timestamps, timestamps.dropFirst()).map { $1 - $0 }
    let forward = steps.filter { $0 > 0 }.sorted()
    let nominal = forward.isEmpty ? 1 : forward[forward.count / 2]
    var shift = 0.0
    var corrected = 0
    var result = [0.0]
    result.reserveCapacity(timestamps.count)
    for (index, step) in steps.enumerated() {
      if !(step > 0) {
        shift += nominal - step
        corrected += 1
      }
      result.append((timestamps[index + 1] - first + shift) / unitsPerSecond)
    }
    seconds = result
    corrections = corrected
  }
}
