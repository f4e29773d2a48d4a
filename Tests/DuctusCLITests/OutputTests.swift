import Foundation
import InkFormats
import Testing
import _DuctusSupport

@testable import DuctusCLI

@Suite struct OutputTests {
  private struct Stop: Error {}

  @Test func errorsMapToExitCodes() {
    #expect(CommandFailure(UsageError("x")).exitCode == .usage)
    let format = InkFormatError(.malformed, "expected ']'", file: "a.json", offset: 7)
    #expect(
      CommandFailure(format) == CommandFailure(.malformedInput, "a.json: at byte 7: expected ']'"))
    #expect(CommandFailure(POSIXError(.ENOSPC)).exitCode == .ioError)
    #expect(CommandFailure(CommandFailure.inputMissing("b")).exitCode == .inputMissing)
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 65, 66, 74, 129, 130, 141, 143])
    #expect(
      Platform.terminations.prefix(3).map { [$0.status: $0.word] } == [
        [ExitCode.hangUp.rawValue: "hang-up"], [ExitCode.interrupted.rawValue: "interrupted"],
        [ExitCode.terminated.rawValue: "terminated"],
      ])
  }

  @Test func missingInputIsExit66() {
    let context = CommandContext.standard()
    #expect(throws: CommandFailure(.inputMissing, "nope.json: no such file")) {
      try context.readInput("nope.json")
    }
  }

  @Test func shardsPartitionTheRecords() {
    #expect(Shard(argument: "1/4") == Shard(index: 1, count: 4))
    for bad in ["4/4", "-1/4", "1/0", "a/b", "1", "1/2/3", ""] {
      #expect(Shard(argument: bad) == nil, "\(bad)")
    }
    let shards = (0..<5).map { Shard(index: $0, count: 5)! }
    for record in 0..<100 {
      #expect(shards.filter { $0.contains(record) }.count == 1)
    }
    #expect(Shard.all.contains(12345))
  }

  @Test(arguments: [1, 2, 3, 8])
  func parallelMapKeepsInputOrder(jobs: Int) throws {
    for count in [0, 1, 7, 100, 1000] {
      var source = (0..<count).makeIterator()
      var seen: [Int] = []
      var failures: [Int] = []
      try OrderedParallelMap(jobs: jobs, windowSize: 13).run(
        next: { source.next() },
        transform: { value -> Int in
          if value % 17 == 5 { throw Stop() }
          if value % 3 == 0 { usleep(UInt32(value % 7) * 20) }
          return value * value
        },
        emit: { index, result in
          switch result {
          case .success(let square): seen.append(square)
          case .failure: failures.append(index)
          }
        })
      let expected = (0..<count).filter { $0 % 17 != 5 }
      #expect(seen == expected.map { $0 * $0 })
      #expect(failures == (0..<count).filter { $0 % 17 == 5 })
    }
  }

  /// Quick inputs are read in growing windows (16 × jobs at first, up to 256 × jobs), and no
  /// more than two windows are ever read ahead of the result being emitted.
  @Test(arguments: [1, 2])
  func parallelMapWindowsGrowForQuickInputs(jobs: Int) throws {
    let count = 40_000
    var read = 0
    var largestLead = 0
    var seen = 0
    try OrderedParallelMap(jobs: jobs).run(
      next: { () -> Int? in
        guard read < count else { return nil }
        read += 1
        return read - 1
      },
      transform: { $0 + 1 },
      emit: { index, result in
        #expect((try? result.get()) == index + 1)
        largestLead = max(largestLead, read - index)
        seen += 1
      })
    #expect(seen == count)
    if jobs > 1 {
      #expect(largestLead > 2 * 16 * jobs, "the window never grew past its first size")
      #expect(largestLead <= 2 * 256 * jobs)
    } else {
      #expect(largestLead == 1, "one job reads an input at a time")
    }
  }

  @Test func progressLines() {
    #expect(
      ProgressReporter.line(label: "inspect", done: 1200, total: 5000, seconds: 2)
        == "inspect: 1200/5000 24% 600/s 6.3 s left")
    #expect(
      ProgressReporter.line(label: "render", done: 7, total: nil, seconds: 2) == "render: 7 3.5/s")
    #expect(
      ProgressReporter.line(label: "render", done: 0, total: 0, seconds: 0) == "render: 0 0/s")
    #expect(
      ProgressReporter.line(label: "pca", done: 10, total: 10, seconds: 4)
        == "pca: 10/10 100% 2.5/s")
    #expect(
      ProgressReporter.line(label: "trace", done: 100, total: 10_000, seconds: 10)
        == "trace: 100/10000 1% 10/s 16 min 30 s left")
    #expect(
      ProgressReporter.summary(label: "inspect", done: 5000, failures: 2, seconds: 6.14)
        == "inspect: 5000 records, 2 failed, 6.1 s")
    #expect(
      ProgressReporter.summary(label: "convert", done: 1, failures: 0, seconds: 75)
        == "convert: 1 record, 0 failed, 1 min 15 s")
    #expect(ProgressReporter.duration(0.04) == "0.0 s")
    #expect(ProgressReporter.duration(42.4) == "42 s")
    #expect(ProgressReporter.duration(7_500) == "2 h 5 min")
    #expect(ProgressReporter.isShown(errorIsTerminal: true, quiet: false))
    #expect(!ProgressReporter.isShown(errorIsTerminal: true, quiet: true))
    #expect(!ProgressReporter.isShown(errorIsTerminal: false, quiet: false))
  }
}
