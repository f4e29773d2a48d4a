import Foundation
import InkTracing
import _DuctusSupport

extension TemplateLibrary {
  /// The `--templates` option.
  static let option = OptionDeclaration.value(
    "templates", valueName: "folder", help: "The template library folder.",
    defaultDescription: "$DUCTUS_TEMPLATES, else the bundled library")

  /// The library a command line asks for: `--templates`, else
  /// ``TemplateLibrary/defaultFolder(environment:executable:)``.
  init(_ arguments: ParsedArguments) throws {
    if let path = arguments.value("templates") {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
      else { throw CommandFailure.inputMissing(path, reason: "no such template folder") }
      self.init(folder: URL(fileURLWithPath: path, isDirectory: true))
    } else {
      self.init(
        folder: Self.defaultFolder(
          environment: Platform.environment, executable: Bundle.main.executableURL))
    }
  }
}
