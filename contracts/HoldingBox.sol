// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IHoldingBoxToken {
    function transfer(address to, uint256 value) external returns (bool);
}

interface IHoldingBoxFactoryView {
    function token() external view returns (address);
}

/// @title HoldingBox
/// @notice Holds tips for one domain until its creator claims them (or a payer is refunded).
/// @dev No constructor arguments, so its init code hash is a constant: the CREATE2 address of a box
/// can be predicted off chain from (factory, salt) alone, and USDC can be sent there before the box
/// has code. The factory is whoever deployed it; the token is read from the factory.
contract HoldingBox {
    address public immutable factory;
    address public immutable token;

    error NotFactory();
    error TransferFailed();

    constructor() {
        factory = msg.sender;
        token = IHoldingBoxFactoryView(msg.sender).token();
    }

    /// @notice Only the factory moves funds; it applies the operator check and the fee split.
    function pay(address to, uint256 amount) external {
        if (msg.sender != factory) revert NotFactory();
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IHoldingBoxToken.transfer, (to, amount)));
        if (!ok || !(ret.length == 0 || abi.decode(ret, (bool)))) revert TransferFailed();
    }
}
