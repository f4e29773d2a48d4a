import Foundation

/// Entry point placeholder; replaced by the real command line.
public enum DuctusCommandLine {
  /// Runs the command line and exits with its status.
  public static func exit(withArguments arguments: [String]) -> Never {
    Foundation.exit(0)
  }
}
