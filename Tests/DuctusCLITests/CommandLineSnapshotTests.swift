import Foundation
import Testing

/// End-to-end runs of the `ductus` binary compared with the golden files in `Snapshots/`.
@Suite struct CommandLineSnapshotTests {
  @Test func versionAndHelp() throws {
    #expect(try Snapshot.check("version", ["--version"]).exitCode == 0)
    #expect(try Snapshot.check("help", ["--help"]).exitCode == 0)
    #expect(try Snapshot.check("help-help", ["help", "help"]).exitCode == 0)
    // Alone, `ductus` explains itself, as every group without its subcommand does.
    #expect(try Snapshot.check("no-command", []).exitCode == 0)
    for command in ["inspect", "convert", "render"] {
      #expect(try Snapshot.check("help-\(command)", ["help", command]).exitCode == 0)
      let flag = try DuctusProcess.run([command, "--help"])
      #expect(flag == (try DuctusProcess.run(["help", command])))
    }
  }

  @Test func usageErrorsExitWith2() throws {
    #expect(try Snapshot.check("unknown-command", ["hlep"]).exitCode == 2)
    #expect(try Snapshot.check("unknown-option", ["--verison"]).exitCode == 2)
    #expect(try Snapshot.check("help-unknown", ["help", "inspcet"]).exitCode == 2)
  }
}
