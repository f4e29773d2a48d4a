import Testing

@testable import DuctusCLI

@Suite struct HelpFormatterTests {
  @Test func helpPageListsArgumentsOptionsAndDefaults() {
    let formatter = HelpFormatter(width: 80)
    let page = formatter.help([ExampleTool(), ExampleTool.Pair()])
    #expect(
      page == """
        OVERVIEW: Takes two inputs and maybe a third.

        USAGE: tool pair [<options>] <a> <b> [<c>]

        ARGUMENTS:
          <a>                     First.
          <b>                     Second.
          <c>                     Third.

        OPTIONS:
          -s, --scale <factor>    A scale.
          -h, --help              Show help information.

        """)
  }

  @Test func longTextsWrapUnderTheirColumn() {
    let page = HelpFormatter(width: 60).help([ExampleTool(), ExampleTool.Batch()])
    #expect(page.contains("USAGE: tool batch [<options>] [<file> ...]\n"))
    #expect(
      page.contains(
        """
          -j, --jobs <n>          How many records to work on at
                                  once; the output keeps the input
                                  order. (default: the number of
                                  cores)
        """))
    #expect(page.contains("  --tag <name>            A tag. Repeatable.\n"))
    #expect(page.split(separator: "\n").allSatisfy { $0.count <= 60 })
  }

  @Test func groupsListTheirSubcommands() {
    let page = HelpFormatter(width: 80).help([ExampleTool()])
    #expect(page.contains("USAGE: tool [<options>] <subcommand>\n"))
    #expect(page.contains("  pair                    Takes two inputs and maybe a third.\n"))
    #expect(page.contains("See 'tool help <subcommand>' for detailed help."))
    #expect(
      HelpFormatter(width: 80).help([ExampleTool(), ExampleTool.Group()])
        .contains("See 'tool help group <subcommand>'"))
  }
}
