/// An instant-messaging account, in the shape of Apple's `CNInstantMessageAddress`: a username
/// on a service.
///
/// Read from `IMPP` (`IMPP;X-SERVICE-TYPE=Skype:skype:jappleseed`, or the service from the URI's
/// scheme: `xmpp:` is Jabber) and from the older one-service properties (`X-AIM`, `X-JABBER`,
/// `X-SKYPE`, `X-ICQ`, `X-MSN`, `X-YAHOO`, `X-QQ`, `X-GADUGADU`, `X-GOOGLE-TALK`). A new address is
/// written as Apple writes it: `IMPP;X-SERVICE-TYPE=Skype:skype:jappleseed`.
///
/// ```swift
/// contact.instantMessageAddresses.append(
///     LabeledValue(label: .home, value: InstantMessageAddress(username: "jappleseed", service: InstantMessageAddress.Service.skype)))
/// ```
public struct InstantMessageAddress: Hashable, Sendable {
    /// The account's name on the service.
    public var username: String
    /// The service, by Apple's name (``Service``) or any other.
    public var service: String

    /// An account called `username` on `service`.
    public init(username: String, service: String) {
        self.username = username
        self.service = service
    }

    /// Apple's names of the services (`CNInstantMessageServiceSkype`…).
    public enum Service {
        public static let aim = "AIM"
        public static let facebook = "Facebook"
        public static let gaduGadu = "GaduGadu"
        public static let googleTalk = "GoogleTalk"
        public static let icq = "ICQ"
        public static let jabber = "Jabber"
        public static let msn = "MSN"
        public static let qq = "QQ"
        public static let skype = "Skype"
        public static let yahoo = "Yahoo"
    }
}
