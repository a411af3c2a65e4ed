import Testing

@Test func placeholderInputClickALSATests() { #expect(Bool(true)) }
