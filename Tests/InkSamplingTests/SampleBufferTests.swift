import InkSampling
import Testing

@Suite("SampleBuffer")
struct SampleBufferTests {
  @Test func channelsHaveTheCountOfXs() throws {
    var buffer = try SampleBuffer(xs: [0, 1, 2], ys: [3, 4, 5], extraChannels: [.t: [0, 1, 2]])
    #expect(buffer.count == 3)
    #expect(buffer.channels == [.x, .y, .t])
    #expect(buffer[.t] == [0, 1, 2])
    #expect(buffer[.force] == nil)
    try buffer.setChannel(.x, to: [7, 8, 9])
    #expect(buffer.xs == [7, 8, 9])
    try buffer.removeChannel(.t)
    #expect(buffer.channels == [.x, .y])
  }

  @Test func unequalLengthsAreTypedErrors() {
    #expect(throws: SampleBufferError.channelLengthMismatch(channel: .y, count: 2, expected: 3)) {
      try SampleBuffer(xs: [0, 1, 2], ys: [0, 1], extraChannels: [:])
    }
    #expect(
      throws: SampleBufferError.channelLengthMismatch(channel: .force, count: 1, expected: 2)
    ) {
      try SampleBuffer(xs: [0, 1], ys: [0, 1], extraChannels: [.force: [1]])
    }
    #expect(throws: SampleBufferError.reservedChannelName(.x)) {
      try SampleBuffer(xs: [0], ys: [0], extraChannels: [.x: [1]])
    }
    var buffer = SampleBuffer(xs: [0, 1], ys: [0, 1])
    #expect(throws: SampleBufferError.reservedChannelName(.y)) { try buffer.removeChannel(.y) }
    #expect(throws: SampleBufferError.missingChannel(.t)) { try buffer.samples(of: .t) }
  }

  @Test func shorterCoordinateArraySetsTheCount() {
    let buffer = SampleBuffer(xs: [0, 1, 2], ys: [5])
    #expect(buffer.xs == [0])
    #expect(buffer.ys == [5])
    #expect(SampleBuffer(values: [1, 2]).ys == [0, 0])
    #expect(SampleBuffer(values: []).isEmpty)
  }

  @Test func checkFiniteNamesTheFirstBadSample() throws {
    let buffer = SampleBuffer(xs: [0, 1, 2], ys: [0, .infinity, .nan])
    try buffer.checkFinite([.x])
    #expect(throws: SampleBufferError.nonFiniteSample(channel: .y, index: 1)) {
      try buffer.checkFinite([.x, .y])
    }
    #expect(throws: SampleBufferError.missingChannel(.force)) { try buffer.checkFinite([.force]) }
  }
}
