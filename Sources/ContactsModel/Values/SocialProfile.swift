/// A profile on a social network, in the shape of Apple's `CNSocialProfile`.
///
/// Read from Apple's `X-SOCIALPROFILE;TYPE=twitter;X-USER=jappleseed:https://twitter.com/jappleseed`
/// (a value `x-apple:jappleseed` is a username without a URL) and from RFC 9554's
/// `SOCIALPROFILE;SERVICE-TYPE=Mastodon;USERNAME=alice:https://example.com/@alice` (with
/// `VALUE=text`, the value is the username). A new profile is written in the card's version:
/// `SOCIALPROFILE` in 4.0, `X-SOCIALPROFILE` in 3.0 and 2.1.
///
/// ```swift
/// let profile = SocialProfile(urlString: "https://twitter.com/jappleseed", username: "jappleseed",
///                             service: SocialProfile.Service.twitter)
/// contact.socialProfiles.append(LabeledValue(label: nil, value: profile))
/// ```
public struct SocialProfile: Hashable, Sendable {
    /// The profile's address, or empty.
    public var urlString: String
    /// The account's name, or empty.
    public var username: String
    /// The service's identifier of the account (Apple's `X-USERID`), or empty.
    public var userIdentifier: String
    /// The service as written (``Service`` has Apple's), or empty.
    public var service: String

    /// A profile; the parts left out are empty.
    public init(urlString: String = "", username: String = "", userIdentifier: String = "", service: String = "") {
        self.urlString = urlString
        self.username = username
        self.userIdentifier = userIdentifier
        self.service = service
    }

    /// The services as Apple writes them in `X-SOCIALPROFILE;TYPE=` (`CNSocialProfileServiceTwitter`…);
    /// compare services ignoring case.
    public enum Service {
        public static let facebook = "facebook"
        public static let flickr = "flickr"
        public static let gameCenter = "gamecenter"
        public static let linkedIn = "linkedin"
        public static let mySpace = "myspace"
        public static let sinaWeibo = "sinaweibo"
        public static let tencentWeibo = "tencentweibo"
        public static let twitter = "twitter"
        public static let yelp = "yelp"
    }
}
