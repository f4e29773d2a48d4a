import Foundation
import InkFormats
import Testing

@Suite("JSON object members kept as raw bytes")
struct JSONObjectMembersTests {
  @Test func splitsMembersAndKeepsValuesVerbatim() throws {
    let text = #" { "id" : [1, {"a": "}"}], "name": "l\u0061tin\/a", "n": -1.5e3, "ok": true } "#
    let members = try JSONObjectMembers(Data(text.utf8))
    #expect(Set(members.raw.keys) == ["id", "name", "n", "ok"])
    #expect(String(decoding: members.raw["id"]!, as: UTF8.self) == #"[1, {"a": "}"}]"#)
    #expect(String(decoding: members.raw["n"]!, as: UTF8.self) == "-1.5e3")
    #expect(members.string("name") == "latin/a")
    #expect(members.string("n") == nil)
    #expect(members.string("absent") == nil)
  }

  @Test func rejectsWhatIsNotOneObject() {
    for text in ["[1, 2]", #"{"a": 1"#, #"{"a": 1} x"#, "", #"{"a" 1}"#] {
      #expect(throws: InkFormatError.self, "\(text)") { try JSONObjectMembers(Data(text.utf8)) }
    }
  }
}
