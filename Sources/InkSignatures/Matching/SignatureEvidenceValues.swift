/// One value a kind of evidence (``SignatureEvidence``): the local functions of each kind, its
/// weight, its distance, its share of a decision.
///
/// ```swift
/// let weights = SignatureEvidenceValues<Double>(shape: 1, timing: 0.5, pressure: 0.25)
/// weights[.timing]                      // 0.5
/// weights.map { $0 * 2 }.pressure        // 0.5
/// ```
///
/// JSON: `{"shape", "timing", "pressure"}`.
public struct SignatureEvidenceValues<Value: Hashable & Sendable & Codable>: Hashable, Sendable,
  Codable
{
  /// The value for ``SignatureEvidence/shape``.
  public var shape: Value
  /// The value for ``SignatureEvidence/timing``.
  public var timing: Value
  /// The value for ``SignatureEvidence/pressure``.
  public var pressure: Value

  /// Values for the three kinds.
  public init(shape: Value, timing: Value, pressure: Value) {
    self.shape = shape
    self.timing = timing
    self.pressure = pressure
  }

  /// The value of each kind, computed by `value` in the order of
  /// `SignatureEvidence.allCases`.
  public init<Failure: Error>(_ value: (SignatureEvidence) throws(Failure) -> Value)
    throws(Failure)
  {
    let shape = try value(.shape)
    let timing = try value(.timing)
    self.init(shape: shape, timing: timing, pressure: try value(.pressure))
  }

  /// The value for one kind.
  public subscript(evidence: SignatureEvidence) -> Value {
    get {
      switch evidence {
      case .shape: shape
      case .timing: timing
      case .pressure: pressure
      }
    }
    set {
      switch evidence {
      case .shape: shape = newValue
      case .timing: timing = newValue
      case .pressure: pressure = newValue
      }
    }
  }

  /// The values transformed kind by kind.
  public func map<Other>(_ transform: (Value) -> Other) -> SignatureEvidenceValues<Other> {
    SignatureEvidenceValues<Other>(
      shape: transform(shape), timing: transform(timing), pressure: transform(pressure))
  }
}

extension SignatureEvidenceValues where Value == Double {
  /// The same number for every kind.
  public init(repeating value: Double) {
    self.init(shape: value, timing: value, pressure: value)
  }
}
