import Foundation
import OpenPencilKit

/// Walks a signature XML document (see <doc:SignatureXML>) through ``XMLStreamReader`` and
/// hands out its `<Signature>` elements one at a time, each as a corpus record.
///
/// A signature that breaks a rule of the format (a value that is not a finite number, a
/// channel described twice, a limit passed) is an error for that record alone: the next call
/// goes on after its end. Bytes that are not well-formed XML end the document.
final class SignatureXMLParser {
  private let xml: XMLStreamReader
  private let limits: InkReadLimits
  /// Whether the root element was read and checked.
  private var sawRoot = false
  /// Whether the document ended (or cannot be read on).
  private var finished = false
  /// How many `<Signature>` elements of one that failed are still open, to be passed over
  /// before the next signature.
  private var openSignatures = 0
  /// How many signatures were started, for the keys of those without one.
  private var signatureCount = 0

  /// Reads `xml` with one record bounded by `limits`.
  init(xml: XMLStreamReader, limits: InkReadLimits) {
    self.xml = xml
    self.limits = limits
  }

  /// The next signature, `nil` after the last.
  ///
  /// - Throws: `InkFormatError` naming the line (and the signature's key): the XML's errors
  ///   (after which the document ends), a root that is not `<SignatureChannels>` in the
  ///   format's namespace, a newer version, a signature that breaks the format's rules.
  func next() throws -> CorpusRecord? {
    guard !finished else { return nil }
    do {
      if !sawRoot { try readRoot() }
      if openSignatures > 0 { try skipSignature() }
      while let node = try xml.next() {
        guard node == .start, xml.elementName == "Signature" else { continue }
        signatureCount += 1
        return try readSignature()
      }
      finished = true
      return nil
    } catch let failure as SignatureFailure {
      openSignatures = failure.openSignatures
      throw failure.error
    } catch {
      finished = true
      throw error
    }
  }

  /// A problem with a signature, and how many `<Signature>` elements are open where it was
  /// found (0 at the signature's end).
  private struct SignatureFailure: Error {
    var error: InkFormatError
    var openSignatures = 1
  }

  /// Reads up to the root element and checks its name, namespace and version.
  private func readRoot() throws {
    while let node = try xml.next() {
      guard node == .start else { continue }
      sawRoot = true
      let values = xml.attributes(["xmlns", "version"])
      guard xml.elementName == "SignatureChannels", values[0] == SignatureXMLWriter.namespace
      else {
        throw xml.failure(
          .unknownFormat,
          "the root element is <\(xml.elementName)>, not <SignatureChannels xmlns=\""
            + "\(SignatureXMLWriter.namespace)\">")
      }
      if let version = values[1], version != SignatureXMLWriter.version {
        throw xml.failure(
          .unsupportedVersion,
          "version \"\(version)\" of signature XML; this reader reads version "
            + SignatureXMLWriter.version)
      }
      return
    }
    throw InkFormatError(.malformed, "the document has no root element", file: xml.name)
  }

  /// Passes over the rest of a signature that failed.
  private func skipSignature() throws {
    while openSignatures > 0, let node = try xml.next() {
      guard xml.elementName == "Signature" else { continue }
      openSignatures += node == .start ? 1 : node == .end ? -1 : 0
    }
    openSignatures = 0
  }

  /// Reads one `<Signature>`, from just after its start tag to its end tag.
  private func readSignature() throws -> CorpusRecord {
    let start = xml.attributes(["key", "label"])
    var content = SignatureXMLContent(
      key: start[0] ?? String(signatureCount), label: start[1], limits: limits)
    var inDescriptions = false
    while let node = try xml.next() {
      do {
        switch (node, xml.elementName) {
        case (.start, "Signature"):
          throw SignatureFailure(
            error: located(
              InkFormatError(.malformed, "a <Signature> inside a <Signature>"), key: content.key),
            openSignatures: 2)
        case (.end, "Signature"):
          do {
            return try content.record()
          } catch {
            throw SignatureFailure(error: located(error, key: content.key), openSignatures: 0)
          }
        case (.start, "ChannelDescriptions"):
          inDescriptions = true
        case (.end, "ChannelDescriptions"):
          inDescriptions = false
        case (.start, "ChannelDescription"):
          guard inDescriptions else {
            throw InkFormatError(
              .malformed, "a <ChannelDescription> outside <ChannelDescriptions>")
          }
          let values = xml.attributes(["channel", "scaling"])
          try content.describe(channel: values[0], scaling: values[1])
        case (.start, "Property"):
          let values = xml.attributes(["name", "value"])
          try content.addProperty(name: values[0], value: values[1])
        case (.start, "Stroke"):
          try content.beginStroke()
        case (.end, "Stroke"):
          content.endStroke()
        case (.start, "SamplePoint"):
          try content.addSample(xml)
        default:
          continue
        }
      } catch let error as InkFormatError {
        throw SignatureFailure(error: located(error, key: content.key))
      }
    }
    throw xml.failure(
      .truncated, "signature \(SignatureXMLContent.quoted(content.key)) has no end")
  }

  /// An error of the signature `key` at the current line.
  private func located(_ error: InkFormatError, key: String) -> InkFormatError {
    xml.failure(error.kind, "signature \(SignatureXMLContent.quoted(key)): \(error.message)")
  }
}
