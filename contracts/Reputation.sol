// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title Reputation
/// @notice On-chain content ratings. The hub indexes ContentRated events; a rating of 1..50 maps to
/// stars as rating / 10. Eligibility (a verified unlock) is checked off chain by the hub, which
/// keeps the unlock reference the rater passes here.
contract Reputation {
    uint8 public constant MIN_RATING = 1;
    uint8 public constant MAX_RATING = 50;

    event ContentRated(
        bytes32 indexed contentId, address indexed rater, uint8 rating, bytes32 reviewHash, string unlockRef
    );

    error RatingOutOfRange(uint8 rating);

    function rateContent(bytes32 contentId, uint8 rating, bytes32 reviewHash, string calldata unlockRef) external {
        if (rating < MIN_RATING || rating > MAX_RATING) revert RatingOutOfRange(rating);
        emit ContentRated(contentId, msg.sender, rating, reviewHash, unlockRef);
    }
}
