// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IFeeWalletToken {
    function transfer(address to, uint256 value) external returns (bool);
}

interface IFeeWalletFactoryView {
    function token() external view returns (address);
}

/// @title FeeWallet
/// @notice A hosted creator's receiving address; its balance is split 99/1 by the factory.
/// @dev No constructor arguments (factory = deployer, token read from it), so the CREATE2 address
/// is predictable off chain from (factory, creator) alone and can receive USDC before it has code.
contract FeeWallet {
    address public immutable factory;
    address public immutable token;

    error NotFactory();
    error TransferFailed();

    constructor() {
        factory = msg.sender;
        token = IFeeWalletFactoryView(msg.sender).token();
    }

    function pay(address to, uint256 amount) external {
        if (msg.sender != factory) revert NotFactory();
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IFeeWalletToken.transfer, (to, amount)));
        if (!ok || !(ret.length == 0 || abi.decode(ret, (bool)))) revert TransferFailed();
    }
}
