/// mediate's version, in Semantic Versioning 2.0.0: what `mediate --version` prints and what the
/// JUnit report and the report page record. Raised with each release (see CHANGELOG.md).
public let mediateVersion = "0.1.0"
