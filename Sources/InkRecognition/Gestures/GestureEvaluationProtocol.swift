/// How templates and candidates are drawn from a corpus in a ``GestureEvaluation``.
public enum GestureEvaluationProtocol: String, CaseIterable, Codable, Sendable {
  /// The $1 paper's protocol: for each writer and trial, `N` random templates of each class
  /// and one other random gesture of each class as the candidate, all that writer's.
  case userDependent = "user-dependent"
  /// The $P paper's: for each writer and trial, one random gesture of each class of that
  /// writer as the candidate, against `N` random templates of each class drawn from the other
  /// writers.
  case userIndependent = "user-independent"
}
